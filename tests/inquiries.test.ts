/**
 * POST /v2/custom-order-email against a real database: validation, storage, the owner's mail
 * (outbox only, through a fake SMTP server, and with SMTP down), and the per-address hourly limit.
 */
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { deliverDueMail, MAX_MAIL_ATTEMPTS, resetMailForTests } from "../src/server/mail.server";
import { hit, windowStartFor } from "../src/server/rate-limit.server";
import * as route from "../src/pages/v2/custom-order-email";
import { TOO_MANY_INQUIRIES } from "../src/features/inquiries/inquiry.server";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

const URL_PATH = "/v2/custom-order-email";
const OWNER = "owner@resintales.test";
const ENV_KEYS = ["OWNER_EMAIL", "SUPPORT_EMAIL", "SMTP_URL", "MAIL_FROM", "INQUIRY_LIMIT_PER_HOUR", "TRUST_PROXY"] as const;

const good = {
  name: "Asha Verma",
  email: "asha@example.com",
  productType: "Varmala preservation",
  colors: "Gold, deep red",
  size: "12 x 12 in",
  budget: "₹8,000",
  description: "Wedding garland from 2 March.\nCan you add our names? <b>not html</b> & more",
};

let ip = 0;
/** A fresh client address per test, so the hourly limit of one test never leaks into another. */
const nextAddress = () => `198.51.100.${++ip}`;

function post(body: unknown, clientAddress = nextAddress()) {
  return call(route.POST, URL_PATH, { method: "POST", body, clientAddress });
}

/** A tiny SMTP server: 220 greeting, 250 for EHLO/HELO/MAIL/RCPT/RSET/NOOP, 354 for DATA, 221 for QUIT. */
async function startFakeSmtp(): Promise<{ port: number; messages: string[]; envelopes: string[][]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const envelopes: string[][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let data = "";
    let envelope: string[] = [];
    socket.write("220 fake.smtp.test ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf("\r\n")) !== -1) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(data);
            envelopes.push(envelope);
            data = "";
            envelope = [];
            socket.write("250 2.0.0 queued\r\n");
          } else {
            data += (line.startsWith("..") ? line.slice(1) : line) + "\r\n";
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake.smtp.test\r\n");
        else if (verb === "MAIL" || verb === "RCPT") {
          envelope.push(line);
          socket.write("250 2.1.0 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 2.0.0 Bye\r\n");
        } else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    messages,
    envelopes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (connections are refused at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  resetMailForTests();
}

describe.each(dbKinds)("POST /v2/custom-order-email on %s", (kind) => {
  let t: TestDb;
  const saved: Record<string, string | undefined> = {};

  const rows = async () => ({
    inquiries: await t.db.select().from(schema.customInquiries),
    outbox: await t.db.select().from(schema.outbox),
    limits: await t.db.select().from(schema.rateLimits),
  });

  beforeAll(async () => {
    for (const key of ENV_KEYS) saved[key] = process.env[key];
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    setEnv(saved);
    await t.close();
  });
  beforeEach(async () => {
    setEnv({ OWNER_EMAIL: OWNER, SUPPORT_EMAIL: undefined, SMTP_URL: undefined, MAIL_FROM: undefined, INQUIRY_LIMIT_PER_HOUR: undefined, TRUST_PROXY: undefined });
    await t.db.delete(schema.customInquiries);
    await t.db.delete(schema.outbox);
    await t.db.delete(schema.rateLimits);
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The limiter counts per clock hour: start the clock 40 minutes from an hour boundary (it
    // still runs), so a test's hits never straddle two windows.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T10:20:00Z"), shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

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
    expect(console.info).toHaveBeenCalledWith(`[mail] outbox: ${mail.subject} -> ${OWNER}`);
  });

  it("stores only the required fields when the optional ones are left out, and trims", async () => {
    const res = await post({ name: "  Ravi ", email: " ravi@example.com ", productType: "Nameplate" });
    expect(res.status).toBe(201);
    const { inquiries } = await rows();
    expect(inquiries[0]).toMatchObject({ name: "Ravi", email: "ravi@example.com", productType: "Nameplate", colors: "", size: "", budget: "", description: "" });
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
    expect(outbox[0]?.subject).toBe("New custom order inquiry: Varmala preservation from Eve Bcc: victim@example.com");
  });

  it.each(["name", "email", "productType"] as const)("answers 400 naming %s when it is missing or blank, and writes nothing", async (field) => {
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
  });

  it.each(["asha", "asha@", "@example.com", "asha@example", "a b@example.com"])("answers 400 for the malformed email %j", async (email) => {
    const res = await post({ ...good, email });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^email: /);
    expect((await rows()).inquiries).toHaveLength(0);
  });

  it.each([
    ["name", 101],
    ["email", 255],
    ["productType", 101],
    ["colors", 201],
    ["size", 101],
    ["budget", 61],
    ["description", 2001],
  ] as const)("answers 400 when %s is over-long (%i characters)", async (field, length) => {
    const value = field === "email" ? `${"a".repeat(length - "@example.com".length)}@example.com` : "x".repeat(length);
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
    const malformed = await call(route.POST, URL_PATH, { method: "POST", rawBody: '{"name": "Asha",', clientAddress: nextAddress() });
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

    const empty = await call(route.POST, URL_PATH, { method: "POST", clientAddress: nextAddress() });
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
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(rawBody)) },
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
        if (pulled === 0) controller.enqueue(new TextEncoder().encode('{"name":"Asha","description":"'));
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
    const context = { request, url: new URL(request.url), params: {}, clientAddress: nextAddress(), locals: {} } as unknown as Parameters<NonNullable<typeof route.POST>>[0];
    const res = await route.POST!(context);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request body is too large." });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
    expect((await rows()).inquiries).toHaveLength(0);
  });

  it("refuses the 6th inquiry from one address within the hour with 429 and Retry-After, and stores nothing", async () => {
    const address = nextAddress();
    for (let i = 1; i <= 5; i++) expect((await post({ ...good, name: `Asha ${i}` }, address)).status).toBe(201);

    const refused = await post({ ...good, name: "Asha 6" }, address);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: TOO_MANY_INQUIRIES });
    expect(refused.json.error).toBe("Too many inquiries from this address. Please try again in an hour or email us.");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const { inquiries, outbox } = await rows();
    expect(inquiries.map((r) => r.name).sort()).toEqual(["Asha 1", "Asha 2", "Asha 3", "Asha 4", "Asha 5"]);
    expect(outbox).toHaveLength(5);

    // Another address still gets through.
    expect((await post(good, nextAddress())).status).toBe(201);
    expect((await rows()).inquiries).toHaveLength(6);
  });

  it("does not count bad input against the limit", async () => {
    const address = nextAddress();
    for (let i = 0; i < 8; i++) expect((await post({ ...good, email: "nope" }, address)).status).toBe(400);
    expect((await post(good, address)).status).toBe(201);
  });

  it("follows INQUIRY_LIMIT_PER_HOUR", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "2" });
    const address = nextAddress();
    expect((await post(good, address)).status).toBe(201);
    expect((await post(good, address)).status).toBe(201);
    expect((await post(good, address)).status).toBe(429);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set, and uses it when it is", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1" });
    const send = (forwarded: string) =>
      call(route.POST, URL_PATH, { method: "POST", body: good, clientAddress: "10.0.0.1", headers: { "x-forwarded-for": forwarded } });
    expect((await send("203.0.113.1")).status).toBe(201);
    expect((await send("203.0.113.2")).status).toBe(429); // same socket address: spoofed header ignored

    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1", TRUST_PROXY: "true" });
    expect((await send("203.0.113.3, 10.0.0.9")).status).toBe(201);
    expect((await send("203.0.113.4")).status).toBe(201);
    expect((await send("203.0.113.3")).status).toBe(429);
    const { inquiries } = await rows();
    expect(inquiries.map((r) => r.clientKey).sort()).toEqual(["10.0.0.1", "203.0.113.3", "203.0.113.4"]);
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

  it("writes the owner's mail to the outbox in the request; the background sender delivers it through SMTP and marks it sent", async () => {
    const smtp = await startFakeSmtp();
    try {
      setEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Resin Tales <shop@resintales.test>" });
      const res = await post(good);
      expect(res.status).toBe(201);
      expect(smtp.messages).toHaveLength(0); // the request never talks to SMTP
      expect(await deliverDueMail(t.db)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDueMail(t.db)).toEqual({ sent: 0, failed: 0 }); // sent once

      expect(smtp.messages).toHaveLength(1);
      const message = smtp.messages[0]!;
      expect(smtp.envelopes[0]).toEqual([expect.stringContaining("<shop@resintales.test>"), expect.stringContaining(`<${OWNER}>`)]);
      expect(message).toMatch(/^To: owner@resintales\.test\r$/m);
      expect(message).toMatch(/^Reply-To: asha@example\.com\r$/m);
      expect(message).toMatch(/^Subject: New custom order inquiry: Varmala preservation from Asha Verma\r$/m);
      expect(message).toMatch(/^Content-Type: text\/plain/m);
      expect(message).not.toMatch(/text\/html/);
      expect(message).toContain("Asha Verma");

      const { inquiries, outbox } = await rows();
      expect(inquiries).toHaveLength(1);
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.sentAt).toBeInstanceOf(Date);
      expect(outbox[0]!.error).toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it("keeps the inquiry and answers 201 when the SMTP server is down; the sender retries with backoff and the row keeps the error", async () => {
    setEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const res = await post(good);
    expect(res.status).toBe(201);
    expect(res.json.ok).toBe(true);
    expect(await deliverDueMail(t.db)).toEqual({ sent: 0, failed: 1 });
    expect(await deliverDueMail(t.db)).toEqual({ sent: 0, failed: 0 }); // not due again yet (backoff)
    let later = Date.now();
    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      later += 3 * 60 * 60_000;
      expect(await deliverDueMail(t.db, new Date(later))).toEqual({ sent: 0, failed: 1 });
    }
    expect(await deliverDueMail(t.db, new Date(later + 24 * 60 * 60_000))).toEqual({ sent: 0, failed: 0 }); // gave up
    expect((await rows()).outbox[0]!.attempts).toBe(MAX_MAIL_ATTEMPTS);

    const { inquiries, outbox } = await rows();
    expect(inquiries).toHaveLength(1);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.sentAt).toBeNull();
    expect(outbox[0]!.error).toEqual(expect.stringMatching(/ECONNREFUSED|connect/i));
    expect(console.error).toHaveBeenCalled();
  });
});

describe.each(dbKinds)("rate limit hit() on %s", (kind) => {
  let t: TestDb;
  const HOUR = 3_600_000;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(schema.rateLimits);
  });

  it("allows `limit` hits per fixed window, then refuses until the next window", async () => {
    const start = windowStartFor(new Date("2030-01-01T10:20:00Z"), HOUR);
    const at = (ms: number) => ({ now: new Date(start.getTime() + ms), pruneProbability: 0 });
    for (let i = 0; i < 3; i++) expect(await hit(t.db, "test:a", 3, HOUR, at(i * 1000))).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await hit(t.db, "test:a", 3, HOUR, at(HOUR - 90_500))).toEqual({ allowed: false, retryAfterSeconds: 91 });
    expect((await hit(t.db, "test:b", 3, HOUR, at(5000))).allowed).toBe(true);
    expect((await hit(t.db, "test:a", 3, HOUR, at(HOUR))).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (atomic upsert)", async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(t.db, "test:burst", 5, HOUR, { now, pruneProbability: 0 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const [row] = await t.db.select().from(schema.rateLimits);
    expect(row?.count).toBe(20);
  });

  it("prunes ended windows of the same limiter only", async () => {
    const now = new Date("2030-01-01T10:20:00Z");
    const old = new Date(now.getTime() - 3 * HOUR);
    await hit(t.db, "test:x", 5, HOUR, { now: old, pruneProbability: 0 });
    await hit(t.db, "other:x", 5, HOUR, { now: old, pruneProbability: 0 });
    await hit(t.db, "test:y", 5, HOUR, { now, pruneProbability: 1 });
    const keys = (await t.db.select().from(schema.rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(["other:x", "test:y"]);
  });
});
