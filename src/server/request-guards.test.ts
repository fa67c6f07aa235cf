import { describe, expect, it, vi } from "vitest";
import type { APIContext, MiddlewareNext } from "astro";
import { addressHasNul, findNul, NUL_IN_ADDRESS } from "./http";
import { refuseNulAddress } from "./request-guards.server";

const contextFor = (address: string, params: Record<string, string | undefined> = {}) =>
  ({ url: new URL(address, "http://localhost:4321"), params }) as unknown as APIContext;

describe("NUL characters at the edge", () => {
  it("finds one in the path, a query key or value, or a route parameter", () => {
    expect(addressHasNul(new URL("http://x/products/product/a%00b"))).toBe(true);
    expect(addressHasNul(new URL("http://x/products?q=a%00"))).toBe(true);
    expect(addressHasNul(new URL("http://x/products?%00=1"))).toBe(true);
    expect(addressHasNul(new URL("http://x/products/product/x"), { id: "a\0" })).toBe(true);
    expect(addressHasNul(new URL("http://x/products?q=100%25%20cotton&category=frames"))).toBe(
      false,
    );
    expect(addressHasNul(new URL("http://x/products/%E0%A4"))).toBe(false); // not decodable: left to the route
  });

  it("names the first field of a JSON body that holds one", () => {
    expect(findNul({ name: "Asha", items: [{ note: "ok" }, { note: "a\0" }] })).toBe(
      "items.1.note",
    );
    expect(findNul({ "ke\0y": 1 })).toBe("ke\0y");
    expect(findNul("\0")).toBe("body");
    expect(findNul({ name: "Asha", n: 1, ok: true, none: null, list: ["a", "b"] })).toBeNull();
  });

  it("walks a body nested far deeper than the call stack allows (no recursion)", () => {
    const depth = 100_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"a\\u0000"${"]".repeat(depth)}`);
    expect(findNul(deep)).toBe(Array(depth).fill("0").join("."));
    expect(findNul(JSON.parse("[".repeat(depth) + "]".repeat(depth)))).toBeNull();
  });

  it("the middleware answers 400 before anything runs: JSON for the API, text for pages", async () => {
    const next = vi.fn<MiddlewareNext>(async () => new Response("page"));
    const api = await refuseNulAddress(contextFor("/v2/products?q=%00"), next);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: NUL_IN_ADDRESS });
    const page = await refuseNulAddress(contextFor("/products/product/a%00"), next);
    expect(page.status).toBe(400);
    expect(await page.text()).toBe(NUL_IN_ADDRESS);
    expect(next).not.toHaveBeenCalled();

    const fine = await refuseNulAddress(contextFor("/products?q=resin"), next);
    expect(await fine.text()).toBe("page");
    expect(next).toHaveBeenCalledTimes(1);
  });
});
