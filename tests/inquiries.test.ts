/**
 * POST /v2/custom-order-email against a real database: validation, storage, the owner's mail in
 * the outbox. Body size, the address behind proxies and other methods: inquiries-transport.test.ts.
 * The hourly limits (per address and per email): inquiry-limits.test.ts; delivery
 * through SMTP: inquiry-mail.test.ts; the limiter itself: rate-limit.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import * as route from "~/pages/v2/custom-order-email";
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

  it("keeps a phone or WhatsApp number, shows it in the owner's mail, and refuses one that is not a number", async () => {
    const res = await post({ ...good, phone: " +91 98765 43210 " });
    expect(res.status).toBe(201);
    const { inquiries, outbox } = await rows();
    expect(inquiries.find((row) => row.id === res.json.id)?.phone).toBe("+91 98765 43210");
    expect(outbox.at(-1)!.body).toMatch(/Phone:\s+\+91 98765 43210/);
    for (const phone of ["call me", "12345", "+91 98765 43210 9999 1"]) {
      const bad = await post({ ...good, phone });
      expect(bad.status, phone).toBe(400);
      expect(bad.json.error).toContain("Phone / WhatsApp must be a number like 98765 43210");
    }
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

  it("refuses a newline in the name (a one-line field), so none reaches a subject", async () => {
    const res = await post({ ...good, name: "Eve\r\nBcc: victim@example.com" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/Name must be one line of ordinary text/);
    const { inquiries, outbox } = await rows();
    expect(inquiries).toHaveLength(0);
    expect(outbox).toHaveLength(0);
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
});
