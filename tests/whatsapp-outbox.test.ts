/**
 * WhatsApp as the outbox's second channel (docs/decisions/0237-whatsapp-channel.md) on both engines,
 * against the fake Cloud API: consent gates sending, the template goes out with its parameters, a
 * refused message falls back to mail once, and two senders at once send one message per event.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/server/db/schema";
import { giveConsent, withdrawConsent } from "~/features/whatsapp/consent.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { tellShopperOfDecision } from "~/features/claims/claim-mail.server";
import { deliverDueWhatsapp } from "~/features/whatsapp/sender.server";
import { mailProofSent } from "~/features/made-to-order/proof-mail.server";
import { mailQuote } from "~/features/custom/quote-mail.server";
import { dbKinds } from "./helpers/db";
import { type FakeWhatsapp, startFakeWhatsapp } from "./helpers/fake-whatsapp";
import { useTestDb } from "./helpers/suite-db";
import { useFakeSettings } from "./helpers/whatsapp";

const proof = (email: string) => ({
  event: "proof-ready" as const,
  email,
  params: ["Meera", "ord_1", "1", "https://shop.example/my-orders/ord_1"],
});

describe.each(dbKinds)("WhatsApp messages through the outbox on %s", (kind) => {
  const t = useTestDb(kind);
  let fake: FakeWhatsapp;
  beforeAll(async () => {
    fake = await startFakeWhatsapp();
    await useFakeSettings(t.db, fake.url);
  });
  afterAll(() => fake.close());

  it("writes nothing without consent, and nothing once consent is withdrawn", async () => {
    expect(await enqueueWhatsapp(t.db, proof("nobody@example.com"))).toBeNull();
    await giveConsent(t.db, { email: "gone@example.com" }, "98765 43210", "profile");
    await withdrawConsent(t.db, { email: "GONE@example.com" }, "profile");
    expect(await enqueueWhatsapp(t.db, proof("gone@example.com"))).toBeNull();
    const rows = await t.db.select().from(outbox).where(eq(outbox.channel, "whatsapp"));
    expect(rows).toEqual([]);
  });

  it("sends the event's template with its parameters to the number the customer agreed to", async () => {
    await giveConsent(t.db, { email: "meera@example.com" }, "+91 98765 43211", "checkout");
    const id = await enqueueWhatsapp(t.db, proof("Meera@Example.com"));
    expect(id).not.toBeNull();
    expect(await deliverDueWhatsapp(t.db)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueWhatsapp(t.db)).toEqual({ sent: 0, failed: 0 });
    const sent = fake.messages.at(-1)!;
    expect(sent).toMatchObject({
      to: "919876543211",
      template: "proof_ready",
      language: "en",
      params: ["Meera", "ord_1", "1", "https://shop.example/my-orders/ord_1"],
    });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row).toMatchObject({ waMessageId: sent.id, waStatus: "accepted", fallbackMailId: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it("a refused message (no such template) fails at once and falls back to one mail", async () => {
    await giveConsent(t.db, { email: "ravi@example.com" }, "9876543212", "quote");
    const id = await enqueueWhatsapp(t.db, proof("ravi@example.com"));
    fake.failNext(132001, 404);
    expect(await deliverDueWhatsapp(t.db)).toEqual({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row).toMatchObject({ waStatus: "failed", waErrorCode: 132001, sentAt: null });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "ravi@example.com"));
    expect(mails.map((m) => [m.id, m.channel])).toEqual([[row!.fallbackMailId, "mail"]]);
    expect(mails[0]!.body).toContain("https://shop.example/my-orders/ord_1");
    expect(await deliverDueWhatsapp(t.db)).toEqual({ sent: 0, failed: 0 });
  });

  it("a rate limit waits for a later attempt instead of failing", async () => {
    await giveConsent(t.db, { email: "asha@example.com" }, "9876543213", "profile");
    const id = await enqueueWhatsapp(t.db, proof("asha@example.com"));
    fake.failNext(130429, 429);
    expect(await deliverDueWhatsapp(t.db)).toEqual({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row).toMatchObject({ waStatus: "queued", waErrorCode: 130429, fallbackMailId: null });
    expect(await deliverDueWhatsapp(t.db, new Date(Date.now() + 3 * 60_000))).toEqual({
      sent: 1,
      failed: 0,
    });
  });

  it("two senders at once send each event's message once", async () => {
    await giveConsent(t.db, { email: "twin@example.com" }, "9876543214", "profile");
    for (let i = 0; i < 6; i++) await enqueueWhatsapp(t.db, proof("twin@example.com"));
    const before = fake.calls();
    const [a, b] = await Promise.all([deliverDueWhatsapp(t.db), deliverDueWhatsapp(t.db)]);
    expect(a.sent + b.sent).toBe(6);
    expect(fake.calls() - before).toBe(6);
    expect(new Set(fake.messages.slice(-6).map((m) => m.id)).size).toBe(6);
  });

  it("the events write their message in their own transaction, with the approve or quote link", async () => {
    await giveConsent(t.db, { email: "event@example.com" }, "9876543215", "checkout");
    await t.db
      .transaction(async (tx) => {
        await mailProofSent(tx, "event@example.com", "Meera", "ord_roll", 1, "Look");
        throw new Error("the event failed");
      })
      .catch(() => {});
    await t.db.transaction((tx) =>
      mailProofSent(tx, "event@example.com", "Meera", "ord_7", 2, "Look"),
    );
    await mailQuote(t.db, {
      to: "event@example.com",
      name: "Meera",
      title: "Wedding tray",
      pricePaise: 450000,
      shippingEstimatePaise: 15000,
      dispatchMinDays: 7,
      dispatchMaxDays: 10,
      expiresAt: new Date("2027-01-01T00:00:00Z"),
      link: "https://shop.example/quote/abc",
      revised: false,
    });
    // A damage claim's decision (docs/decisions/0247-damage-claims.md), beside its mail.
    await tellShopperOfDecision(
      t.db,
      {
        id: "ord_9",
        number: 1009,
        shippingName: { firstName: "Meera", email: "event@example.com" } as never,
        claimEmail: "",
      },
      { status: "refunded", refundPaise: 49900 } as never,
      null,
    );
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, "919876543215"));
    expect(rows.map((r) => [r.waTemplate, r.waParams]).sort()).toEqual([
      [
        "claim_decided",
        ["Meera", "#1009", "a refund of ₹499.00", expect.stringMatching(/\/my-orders\/ord_9$/)],
      ],
      ["proof_ready", ["Meera", "ord_7", "2", expect.stringMatching(/\/my-orders\/ord_7$/)]],
      ["quote_sent", ["Meera", "Wedding tray", "₹4,500.00", "https://shop.example/quote/abc"]],
    ]);
  });
});
