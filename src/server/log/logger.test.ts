/**
 * The server's logger (docs/decisions/0112-structured-logs.md): JSON lines with the request's id,
 * nothing personal or secret in them, the access line's fields, and the request id a client may
 * or may not choose.
 */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { accessFields } from "./access";
import { detailFields, log, logLevel, setLoggerForTests, wantsPretty } from "./logger";
import { prettyLine } from "./pretty";
import { proxyTrusted, requestIdFor, withRequest } from "./request-context";
import { scrubText } from "./scrub";

function capture(): string[] {
  const lines: string[] = [];
  setLoggerForTests(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    }),
  );
  return lines;
}

afterEach(() => setLoggerForTests(undefined));

describe("log lines", () => {
  it("are JSON with level, time, message and the request's id while a request runs", () => {
    const lines = capture();
    log.info("outside");
    withRequest({ id: "req-12345678" }, () => log.warn("inside"));
    const [outside, inside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(outside).toMatchObject({ level: 30, msg: "outside" });
    expect(outside!.reqId).toBeUndefined();
    expect(inside).toMatchObject({ level: 40, msg: "inside", reqId: "req-12345678" });
    expect(typeof inside!.time).toBe("number");
  });

  it("hold no email, phone, token, cookie or password, in messages, errors or objects", () => {
    const lines = capture();
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhc2hhIn0.c2lnbmF0dXJl";
    log.error(
      "[mail] to meera.private@example.com failed",
      new Error(`token=${jwt} phone 98123 45678`),
    );
    log.info("[auth] header", {
      authorization: `Bearer ${jwt}`,
      nested: { email: "a@b.co", note: "call +91 98765 43210", password: "hunter2" },
    });
    const text = lines.join("\n");
    for (const secret of [
      "meera.private@example.com",
      jwt,
      "98123 45678",
      "a@b.co",
      "98765 43210",
      "hunter2",
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain("[email]");
    expect(text).toContain("[phone]");
  });

  it("keep ids, amounts and order numbers readable", () => {
    expect(scrubText("order ord_1732541234_ab12 paid 149900 paise, refund rf_9f8e")).toBe(
      "order ord_1732541234_ab12 paid 149900 paise, refund rf_9f8e",
    );
  });

  it("turn an error into error (type, message, stack, code) and anything else into detail", () => {
    const error = Object.assign(new Error("disk full"), { code: "53100" });
    expect(detailFields(error)).toMatchObject({
      error: { type: "Error", message: "disk full", code: "53100" },
    });
    expect(detailFields("text")).toEqual({ detail: "text" });
    expect(detailFields(undefined)).toEqual({});
  });

  it("levels come from LOG_LEVEL (info when unset or unknown)", () => {
    expect(logLevel("debug")).toBe("debug");
    expect(logLevel(" WARN ")).toBe("warn");
    expect(logLevel("loud")).toBe("info");
    expect(logLevel(undefined)).toBe("info");
  });

  it("are pretty only in a demo terminal, unless LOG_FORMAT says", () => {
    expect(wantsPretty({ DEMO_MODE: "true" }, true)).toBe(true);
    expect(wantsPretty({ DEMO_MODE: "true" }, false)).toBe(false);
    expect(wantsPretty({ DEMO_MODE: "false" }, true)).toBe(false);
    expect(wantsPretty({ DEMO_MODE: "true", LOG_FORMAT: "json" }, true)).toBe(false);
    expect(wantsPretty({ LOG_FORMAT: "pretty" }, false)).toBe(true);
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: 0,
        msg: "request",
        reqId: "r1",
        method: "GET",
        status: 200,
      }),
    );
    expect(line).toMatch(/INFO {2}request method=GET status=200 \[req r1\]$/);
    expect(prettyLine("not json")).toBe("not json");
  });
});

describe("request ids", () => {
  it("a client's X-Request-Id is used only behind a trusted proxy, and only when it looks like an id", () => {
    expect(requestIdFor("proxy-id-0001", true)).toBe("proxy-id-0001");
    expect(requestIdFor("proxy-id-0001", false)).not.toBe("proxy-id-0001");
    expect(requestIdFor("bad id with spaces", true)).not.toBe("bad id with spaces");
    expect(requestIdFor("x".repeat(200), true)).toHaveLength(12);
    expect(requestIdFor(undefined, true)).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });

  it("TRUST_PROXY off: unset, empty, false, 0", () => {
    for (const off of [undefined, "", "false", "0"]) expect(proxyTrusted(off)).toBe(false);
    for (const on of ["true", "1", "2"]) expect(proxyTrusted(on)).toBe(true);
  });

  it("the access line names the route pattern, never the address with its values", () => {
    const req = { method: "GET", url: "/quote/secret-token-123" } as never;
    const res = { statusCode: 200, writableFinished: true } as never;
    const fields = accessFields(
      req,
      res,
      { id: "r1", route: "/quote/[token]" },
      process.hrtime.bigint(),
    );
    expect(fields).toMatchObject({
      reqId: "r1",
      method: "GET",
      route: "/quote/[token]",
      status: 200,
    });
    expect(typeof fields.ms).toBe("number");
    expect(JSON.stringify(fields)).not.toContain("secret-token-123");
  });
});
