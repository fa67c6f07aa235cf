/**
 * POST /v2/custom-order-email against a real database: validation, storage, the owner's mail in
 * the outbox. The hourly limits (per address and per email): inquiry-limits.test.ts; delivery
 * through SMTP: inquiry-mail.test.ts; the limiter itself: rate-limit.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import * as route from "../src/pages/v2/custom-order-email";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import {
  OWNER,
  URL_PATH,
  good,
  inquiryFixture,
  nextAddress,
  post,
  setEnv,
} from "./helpers/inquiries";

describe.each(dbKinds)("POST /v2/custom-order-email on %s", (kind) => {
  const { rows } = inquiryFixture(kind);

  it("stores a good inquiry, writes the owner's mail to the outbox and answers 201 { ok, id }", async () => {
    const address = nextAddress();
    const res = await post(good, address);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ ok: true, id: expect.any(String) });

    const { inquiries, outbox } = await rows();
    expect(inquiries).toHaveLength(1);
    expect(inquiries[0]).toMatchObject({ ...good, id: res.json.id, clientKey: address });

    expect(outbox).toHaveLength(1);
    const mail = outbox[0]!;
    expect(mail.to).toBe(OWNER);
    expect(mail.subject).toBe("New custom order inquiry: Varmala preservation from Asha Verma");
    expect(mail.sentAt).toBeNull();
    expect(mail.error).toBeNull();
    // Plain text: the customer's words as they were, nothing escaped or interpreted.
    expect(mail.body).toContain(good.description);
    expect(mail.body).toContain("asha@example.com");
    expect(mail.body).toContain("₹8,000");
    expect(mail.body).toContain(res.json.id);
    // The log names the mail by its id, never its recipient (docs/decisions/0112-structured-logs.md).
    expect(console.info).toHaveBeenCalledWith(
      expect.stringContaining(`[mail] outbox: mail ${mail.id} waits (no SMTP_URL)`),
    );
    expect(JSON.stringify(vi.mocked(console.info).mock.calls)).not.toContain(OWNER);
  });

  it("keeps the date the piece is needed by, shows it in the owner's mail, and refuses a date that is not one", async () => {
    const res = await post({ ...good, neededBy: "2027-02-14" });
    expect(res.status).toBe(201);
    const { inquiries, outbox } = await rows();
    expect(inquiries.find((row) => row.id === res.json.id)?.neededBy).toBe("2027-02-14");
    expect(outbox.at(-1)!.body).toMatch(/Needed by:\s+2027-02-14/);
    const bad = await post({ ...good, neededBy: "14/02/2027" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("Needed by must be a date like 2026-12-25");
  });

  it("stores only the required fields when the optional ones are left out, and trims", async () => {
    const res = await post({
      name: "  Ravi ",
      email: " ravi@example.com ",
      productType: "Nameplate",
    });
    expect(res.status).toBe(201);
    const { inquiries } = await rows();
    expect(inquiries[0]).toMatchObject({
      name: "Ravi",
      email: "ravi@example.com",
      productType: "Nameplate",
      colors: "",
      size: "",
      budget: "",
      description: "",
    });
  });

  it("mails SUPPORT_EMAIL when OWNER_EMAIL is not set", async () => {
    setEnv({ OWNER_EMAIL: undefined, SUPPORT_EMAIL: "support@resintales.test" });
    expect((await post(good)).status).toBe(201);
    const { outbox } = await rows();
    expect(outbox[0]?.to).toBe("support@resintales.test");
  });

  it("keeps a newline in the name out of the subject", async () => {
    expect((await post({ ...good, name: "Eve\r\nBcc: victim@example.com" })).status).toBe(201);
    const { outbox } = await rows();
    expect(outbox[0]?.subject).toBe(
      "New custom order inquiry: Varmala preservation from Eve Bcc: victim@example.com",
    );
  });

  it.each(["name", "email", "productType"] as const)(
    "answers 400 naming %s when it is missing or blank, and writes nothing",
    async (field) => {
      const { [field]: _omit, ...rest } = good;
      for (const body of [rest, { ...good, [field]: "   " }]) {
        const res = await post(body);
        expect(res.status).toBe(400);
        expect(res.json.error).toEqual(expect.stringContaining(field));
      }
      const { inquiries, outbox, limits } = await rows();
      expect(inquiries).toHaveLength(0);
      expect(outbox).toHaveLength(0);
      expect(limits).toHaveLength(0);
    },
  );

  it.each(["asha", "asha@", "@example.com", "asha@example", "a b@example.com"])(
    "answers 400 for the malformed email %j",
    async (email) => {
      const res = await post({ ...good, email });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/^email: /);
      expect((await rows()).inquiries).toHaveLength(0);
    },
  );

  it.each([
    ["name", 101],
    ["email", 255],
    ["productType", 101],
    ["colors", 201],
    ["size", 101],
    ["budget", 61],
    ["description", 2001],
  ] as const)("answers 400 when %s is over-long (%i characters)", async (field, length) => {
    const value =
      field === "email"
        ? `${"a".repeat(length - "@example.com".length)}@example.com`
        : "x".repeat(length);
    const res = await post({ ...good, [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual(expect.stringContaining(field));
    expect((await rows()).inquiries).toHaveLength(0);
  });

  it("answers 400 naming the field that holds a NUL character, and stores nothing", async () => {
    const res = await post({ ...good, description: "teal\u0000gold" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "description: must not contain a NUL character (\\u0000)." });
    expect((await rows()).inquiries).toHaveLength(0);
  });

  it("answers 400 when a field is not a string", async () => {
    const res = await post({ ...good, budget: 5000 });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain("budget");
  });

  it("answers 400 for malformed JSON, a non-object body and the wrong content type", async () => {
    const malformed = await call(route.POST, URL_PATH, {
      method: "POST",
      rawBody: '{"name": "Asha",',
      clientAddress: nextAddress(),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toBe("The request body is not valid JSON.");

    const array = await post([good]);
    expect(array.status).toBe(400);

    const text = await call(route.POST, URL_PATH, {
      method: "POST",
      rawBody: JSON.stringify(good),
      headers: { "content-type": "text/plain" },
      clientAddress: nextAddress(),
    });
    expect(text.status).toBe(400);
    expect(text.json.error).toContain("application/json");

    const empty = await call(route.POST, URL_PATH, {
      method: "POST",
      clientAddress: nextAddress(),
    });
    expect(empty.status).toBe(400);

    const { inquiries, outbox, limits } = await rows();
    expect(inquiries).toHaveLength(0);
    expect(outbox).toHaveLength(0);
    expect(limits).toHaveLength(0);
  });

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
    const send = (forwarded: string) =>
      call(route.POST, URL_PATH, {
        method: "POST",
        body: good,
        clientAddress: "10.0.0.1",
        headers: { "x-forwarded-for": forwarded },
      });
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
      const res = await call(route.POST, URL_PATH, {
        method: "POST",
        body: good,
        clientAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.50` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    const { inquiries, outbox } = await rows();
    expect(new Set(inquiries.map((r) => r.clientKey))).toEqual(new Set(["203.0.113.50"]));
    expect(outbox).toHaveLength(5);
  });

  it("behind two proxies (TRUST_PROXY=2) counts the second address from the right", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1", INQUIRY_EMAIL_LIMIT_PER_HOUR: "100", TRUST_PROXY: "2" });
    const send = (forwarded: string) =>
      call(route.POST, URL_PATH, {
        method: "POST",
        body: good,
        clientAddress: "10.0.0.1",
        headers: { "x-forwarded-for": forwarded },
      });
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
    const { env } = await import("../src/server/env");
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
