import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, API_TEXTS, apiRequest } from "~/lib/api-client";
import { failureText } from "./portal-errors";
import { outcomeOf } from "./use-screen-data";

describe("a portal screen's three outcomes (decision 0019)", () => {
  it("found with data, missing for null or a 404, failed with a sentence otherwise", () => {
    expect(outcomeOf({ data: { id: 1 } })).toEqual({ state: "found", data: { id: 1 } });
    expect(outcomeOf({ data: null })).toEqual({ state: "missing" });
    expect(outcomeOf({ error: new ApiError(404, "Order not found") })).toEqual({
      state: "missing",
    });
    expect(outcomeOf({ error: new ApiError(503, "The database is not answering") })).toEqual({
      state: "failed",
      error: "The database is not answering",
    });
    expect(outcomeOf({ error: new TypeError("x is undefined") })).toEqual({
      state: "failed",
      error: "Please try again.",
    });
  });
});

describe("a failed call reads as a sentence, never as a method and a path", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a timeout", async () => {
    vi.stubGlobal(
      "fetch",
      (_path: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
    );
    const failure = await apiRequest("POST", "/v2/admin/quotes/q1/send", undefined, {
      timeoutMs: 5,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failureText(failure)).toBe(API_TEXTS.timedOut);
    expect(failureText(failure)).not.toMatch(/POST|\/v2\//);
  });

  it("a dropped connection, and an error answer without the server's sentence", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const dropped = await apiRequest("GET", "/v2/admin/allorders").catch((e: unknown) => e);
    expect(failureText(dropped)).toBe(API_TEXTS.unreachable);
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        new Response("<html>", { status: 502, headers: { "content-type": "text/html" } }),
      ),
    );
    const bad = await apiRequest("GET", "/v2/admin/allorders").catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 502 });
    expect(failureText(bad)).toBe(API_TEXTS.failed(502));
    expect(failureText(bad)).not.toMatch(/GET|\/v2\//);
  });
});
