/**
 * The WhatsApp choice's calls (docs/decisions/0238-whatsapp-consent.md) on both engines: in the
 * profile (signed in: a yes with its words, one-click withdrawal, a bad number refused with nothing
 * written), on the quote page through the quote's link (no account), and "Withdraw consent".
 * A quote sent after a yes writes its WhatsApp message; after a no, none.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { consentedNumber } from "~/features/whatsapp/consent.server";
import { call } from "./helpers/call";
import { customWorkKit, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { useFakeSettings } from "./helpers/whatsapp";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const consentRoute = await import("~/pages/v2/whatsapp/consent");
const quoteRoute = await import("~/pages/v2/quotes/[token]/whatsapp");
const withdrawal = await import("~/pages/v2/users/consent-withdrawal");

describe.each(dbKinds)("the WhatsApp choice on %s", (kind) => {
  const k = customWorkKit(kind);
  const { t, sentQuote } = k;
  const PATH = "/v2/whatsapp/consent";

  it("a signed-in yes is stored with its words; one click withdraws it; a bad number writes nothing", async () => {
    const token = "test:wa-shopper";
    const bad = await call(consentRoute.PUT, PATH, {
      method: "PUT",
      token,
      body: { phone: "12345 67890", source: "profile" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("mobile number");
    expect(await consentedNumber(t.db, "wa-shopper@example.com")).toBeNull();
    const yes = await call(consentRoute.PUT, PATH, {
      method: "PUT",
      token,
      body: { phone: "+91 98765 11111", source: "checkout" },
    });
    expect(yes.status).toBe(200);
    expect(yes.json.consent).toMatchObject({
      phone: "919876511111",
      wording: "Send order updates on WhatsApp to +91 98765 11111",
      source: "checkout",
      withdrawnAt: null,
    });
    expect((await call(consentRoute.GET, PATH, { token })).json.consent.phone).toBe("919876511111");
    expect((await call(consentRoute.DELETE, PATH, { method: "DELETE", token })).status).toBe(200);
    expect((await call(consentRoute.GET, PATH, { token })).json.consent).toBeNull();
    expect(await consentedNumber(t.db, "wa-shopper@example.com")).toBeNull();
    expect((await call(consentRoute.GET, PATH)).status).toBe(401);
  });

  it("'Withdraw consent' stops WhatsApp updates too", async () => {
    const token = "test:wa-withdraw";
    await call(consentRoute.PUT, PATH, {
      method: "PUT",
      token,
      body: { phone: "9876522222", source: "profile" },
    });
    expect(await consentedNumber(t.db, "wa-withdraw@example.com")).toBe("919876522222");
    const done = await call(withdrawal.POST, "/v2/users/consent-withdrawal", {
      method: "POST",
      token,
    });
    expect(done.status).toBe(200);
    expect(await consentedNumber(t.db, "wa-withdraw@example.com")).toBeNull();
  });

  it("the quote page's choice goes by the link; a revised quote is then sent on WhatsApp too", async () => {
    await useFakeSettings(t.db, "http://127.0.0.1:9");
    const q = await sentQuote();
    const path = `/v2/quotes/${q.token}/whatsapp`;
    const post = (body: unknown) =>
      call(quoteRoute.POST, path, { method: "POST", body, params: { token: q.token } });
    expect((await post({ consented: true })).status).toBe(400);
    const guessed = await call(quoteRoute.POST, "/v2/quotes/x/whatsapp", {
      method: "POST",
      body: { consented: true, phone: "9876533333" },
      params: { token: "A".repeat(43) },
    });
    expect(guessed.status).toBe(404);
    const yes = await post({ consented: true, phone: "98765 33333" });
    expect([yes.status, yes.json.consent?.source]).toEqual([200, "quote"]);
    expect(await consentedNumber(t.db, q.email)).toBe("919876533333");
    expect((await k.act(q.id, "revise", quoteBody({ price: 5200 }))).status).toBe(200);
    const rows = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.to, "919876533333"));
    expect(rows.map((r) => [r.waTemplate, r.waParams?.[2]])).toEqual([["quote_sent", "₹5,200.00"]]);
    expect((await post({ consented: false })).json.consent).toBeNull();
    expect(await consentedNumber(t.db, q.email)).toBeNull();
  });
});
