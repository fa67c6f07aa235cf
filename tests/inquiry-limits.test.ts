/**
 * POST /v2/custom-order-email's hourly limits on a real database: generous per client address
 * (many phones share one carrier address), strict per email (docs/decisions/0075-inquiry-never-lost.md).
 */
import { describe, expect, it } from "vitest";
import {
  emailLimitKey,
  TOO_MANY_FROM_EMAIL,
  TOO_MANY_INQUIRIES,
} from "~/features/inquiries/inquiry.server";
import { dbKinds } from "./helpers/db";
import {
  good,
  inquiryFixture,
  nextAddress,
  post,
  setEnv,
  postForwarded,
} from "./helpers/inquiries";

describe.each(dbKinds)("inquiry limits on %s", (kind) => {
  const { rows } = inquiryFixture(kind);

  it("accepts 60 people's inquiries from one address in an hour (carrier NAT), refuses the 61st", async () => {
    const address = nextAddress();
    for (let i = 1; i <= 60; i++) {
      const res = await post(
        { ...good, name: `Guest ${i}`, email: `guest.${i}@example.com` },
        address,
      );
      expect(res.status, `inquiry ${i}`).toBe(201);
    }
    const refused = await post({ ...good, email: "guest.61@example.com" }, address);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: TOO_MANY_INQUIRIES });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await rows()).inquiries).toHaveLength(60);
    // Another address still gets through.
    expect((await post({ ...good, email: "guest.61@example.com" }, nextAddress())).status).toBe(
      201,
    );
  });

  it("refuses a 4th inquiry from one email within the hour, from any address, and stores nothing", async () => {
    for (let i = 1; i <= 3; i++)
      expect((await post({ ...good, name: `Asha ${i}` }, nextAddress())).status).toBe(201);

    const refused = await post(
      { ...good, name: "Asha 4", email: " ASHA@Example.com " },
      nextAddress(),
    );
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: TOO_MANY_FROM_EMAIL });
    expect(refused.json.error).toBe(
      "Too many inquiries from this email address. Please try again in an hour or email us.",
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    const { inquiries, outbox, limits } = await rows();
    expect(inquiries.map((r) => r.name).sort()).toEqual(["Asha 1", "Asha 2", "Asha 3"]);
    expect(outbox).toHaveLength(3);
    // The limiter's table keeps a hash of the email, never the address itself.
    expect(limits.some((r) => r.key === emailLimitKey("asha@example.com"))).toBe(true);
    expect(limits.every((r) => !r.key.includes("asha"))).toBe(true);

    // Someone else on the same network is not refused.
    expect((await post({ ...good, email: "meera@example.com" })).status).toBe(201);
  });

  it("does not count bad input against either limit", async () => {
    const address = nextAddress();
    for (let i = 0; i < 8; i++)
      expect((await post({ ...good, email: "nope" }, address)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post(good, address)).status).toBe(201);
  });

  it("follows INQUIRY_LIMIT_PER_HOUR and INQUIRY_EMAIL_LIMIT_PER_HOUR", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "2" });
    const address = nextAddress();
    expect((await post({ ...good, email: "a@example.com" }, address)).status).toBe(201);
    expect((await post({ ...good, email: "b@example.com" }, address)).status).toBe(201);
    expect((await post({ ...good, email: "c@example.com" }, address)).status).toBe(429);

    setEnv({ INQUIRY_EMAIL_LIMIT_PER_HOUR: "1" });
    expect((await post({ ...good, email: "d@example.com" })).status).toBe(201);
    const again = await post({ ...good, email: "d@example.com" });
    expect(again.status).toBe(429);
    expect(again.json.error).toBe(TOO_MANY_FROM_EMAIL);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set, and then counts the address the proxy saw", async () => {
    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1" });
    let n = 0;
    const send = (forwarded: string) =>
      postForwarded(forwarded, { ...good, email: `proxy.${++n}@example.com` });
    expect((await send("203.0.113.1")).status).toBe(201);
    expect((await send("203.0.113.2")).status).toBe(429); // same socket address: spoofed header ignored

    setEnv({ INQUIRY_LIMIT_PER_HOUR: "1", TRUST_PROXY: "true" });
    // The address the proxy saw is the right-most entry (docs/decisions/0071); what the client
    // wrote before it changes nothing.
    expect((await send("10.0.0.9, 203.0.113.3")).status).toBe(201);
    expect((await send("203.0.113.4")).status).toBe(201);
    expect((await send("198.51.100.7, 203.0.113.3")).status).toBe(429);
    const { inquiries } = await rows();
    expect(inquiries.map((r) => r.clientKey).sort()).toEqual([
      "10.0.0.1",
      "203.0.113.3",
      "203.0.113.4",
    ]);
  });
});
