/**
 * POST /v2/custom-order-email against a real database, its transport: a body too large (413, also
 * chunked without a Content-Length, read no further), the client's address behind no, one or two
 * proxies (TRUST_PROXY), and other methods (405 with Allow). Validation and storage:
 * inquiries.test.ts.
 */
import { describe, expect, it } from "vitest";
import * as route from "~/pages/v2/custom-order-email";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import {
  URL_PATH,
  good,
  inquiryFixture,
  nextAddress,
  postForwarded,
  setEnv,
} from "./helpers/inquiries";

describe.each(dbKinds)("POST /v2/custom-order-email on %s", (kind) => {
  const { rows } = inquiryFixture(kind);

  it("answers 413 for a body far larger than any valid inquiry", async () => {
    const rawBody = JSON.stringify({ ...good, description: "x".repeat(70_000) });
    const res = await call(route.POST, URL_PATH, {
      method: "POST",
      rawBody,
      // The Node server passes the client's Content-Length through; a bare Request does not set it.
      headers: {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(rawBody)),
      },
      clientAddress: nextAddress(),
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toEqual(expect.any(String));
    expect((await rows()).inquiries).toHaveLength(0);
  });

  it("answers 413 to a chunked body over 64 KiB without a Content-Length, and stops reading it", async () => {
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0)
          controller.enqueue(new TextEncoder().encode('{"name":"Asha","description":"'));
        pulled++;
        controller.enqueue(chunk); // endless: only the cap ends it
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(`http://127.0.0.1:4321${URL_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(request.headers.get("content-length")).toBeNull();
    const context = {
      request,
      url: new URL(request.url),
      params: {},
      clientAddress: nextAddress(),
      locals: {},
    } as unknown as Parameters<NonNullable<typeof route.POST>>[0];
    const res = await route.POST!(context);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request body is too large." });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
    expect((await rows()).inquiries).toHaveLength(0);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1", INQUIRY_EMAIL_LIMIT_PER_HOUR: "100" });
    const send = (forwarded: string) => postForwarded(forwarded);
    expect((await send("203.0.113.1")).status).toBe(201);
    expect((await send("203.0.113.2")).status).toBe(429); // same socket address: spoofed header ignored
  });

  // docs/decisions/0071-client-address-behind-proxies.md: the address the trusted proxy saw.
  it("behind one proxy (TRUST_PROXY=true) counts the right-most address, whatever the client wrote before it", async () => {
    // Five per address, and the email limit out of the way (tests/inquiry-limits.test.ts covers it).
    setEnv({
      TRUST_PROXY: "true",
      INQUIRY_LIMIT_PER_HOUR: "5",
      INQUIRY_EMAIL_LIMIT_PER_HOUR: "100",
    });
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      // nginx's $proxy_add_x_forwarded_for: the client's own header, then the address nginx saw.
      const res = await postForwarded(`198.51.100.${i}, 203.0.113.50`, good, "127.0.0.1");
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    const { inquiries, outbox } = await rows();
    expect(new Set(inquiries.map((r) => r.clientKey))).toEqual(new Set(["203.0.113.50"]));
    expect(outbox).toHaveLength(5);
  });

  it("behind two proxies (TRUST_PROXY=2) counts the second address from the right", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1", INQUIRY_EMAIL_LIMIT_PER_HOUR: "100", TRUST_PROXY: "2" });
    const send = (forwarded: string) => postForwarded(forwarded);
    // client-written entries, the address the outer proxy saw, the outer proxy's address.
    expect((await send("1.1.1.1, 203.0.113.7, 10.0.0.2")).status).toBe(201);
    expect((await send("2.2.2.2, 203.0.113.7, 10.0.0.2")).status).toBe(429);
    expect((await send("203.0.113.7, 10.0.0.3")).status).toBe(429);
    expect((await send("203.0.113.8, 10.0.0.2")).status).toBe(201);
    // Fewer entries than proxies: the left-most there is.
    expect((await send("203.0.113.9")).status).toBe(201);
    const { inquiries } = await rows();
    expect(inquiries.map((r) => r.clientKey).sort()).toEqual([
      "203.0.113.7",
      "203.0.113.8",
      "203.0.113.9",
    ]);
  });

  it("refuses a TRUST_PROXY that is neither true, false nor a number", async () => {
    setEnv({ TRUST_PROXY: "yes" });
    const { env } = await import("~/server/env");
    expect(() => env()).toThrow(/TRUST_PROXY must be true \(one proxy\), false, or the number/);
    setEnv({ TRUST_PROXY: "2" });
    expect(env().TRUST_PROXY).toBe(2);
  });

  it("answers 405 with an Allow header to GET and other methods", async () => {
    expect((route as Record<string, unknown>).GET).toBeUndefined();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await call(route.ALL, URL_PATH, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(res.json.error).toEqual(expect.any(String));
    }
  });
});
