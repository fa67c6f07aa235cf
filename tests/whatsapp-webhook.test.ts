/**
 * Meta's webhook at /v2/whatsapp/webhook (docs/decisions/0240-whatsapp-webhook-and-fallback.md) on
 * both engines: the GET handshake, the X-Hub-Signature-256 check before anything is read, statuses
 * recorded on the outbox row with Meta's error code, a failed message's fallback mail exactly once,
 * and a STOP reply withdrawing consent. Bodies are the fake Cloud API's, signed by its own code.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as route from "~/pages/v2/whatsapp/webhook";
import { outbox, whatsappConsents } from "~/server/db/schema";
import { consentedNumber, giveConsent } from "~/features/whatsapp/consent.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { deliverDueWhatsapp } from "~/features/whatsapp/sender.server";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { type FakeWhatsapp, startFakeWhatsapp } from "./helpers/fake-whatsapp";
import { useTestDb } from "./helpers/suite-db";
import { useFakeSettings, VERIFY_TOKEN } from "./helpers/whatsapp";

const PATH = "/v2/whatsapp/webhook";
let fake: FakeWhatsapp;
const sign = (raw: string, secret?: string) => fake.sign(raw, secret);
const post = (payload: object, signature?: string) => {
  const raw = JSON.stringify(payload);
  return call(route.POST, PATH, {
    method: "POST",
    rawBody: raw,
    headers:
      signature === undefined
        ? { "x-hub-signature-256": sign(raw) }
        : signature
          ? { "x-hub-signature-256": signature }
          : {},
  });
};

describe.each(dbKinds)("the WhatsApp webhook on %s", (kind) => {
  const t = useTestDb(kind);
  beforeAll(async () => {
    fake = await startFakeWhatsapp();
    await useFakeSettings(t.db, fake.url);
  });
  afterAll(() => fake.close());

  async function sentMessage(email: string, phone: string) {
    await giveConsent(t.db, { email }, phone, "checkout");
    const id = (await enqueueWhatsapp(t.db, {
      event: "shipped",
      email,
      params: ["Meera", "ord_9", "Delhivery", "1234567890", "https://track.example/1234567890"],
    }))!;
    await deliverDueWhatsapp(t.db);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    return row!;
  }

  it("answers the handshake's challenge only with the verify token", async () => {
    const ok = await call(
      route.GET,
      `${PATH}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect([ok.status, ok.text]).toEqual([200, "1158201444"]);
    const wrong = await call(
      route.GET,
      `${PATH}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`,
    );
    expect(wrong.status).toBe(403);
    const mode = await call(
      route.GET,
      `${PATH}?hub.mode=other&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    );
    expect(mode.status).toBe(403);
  });

  it("refuses a POST without the app secret's signature and changes nothing", async () => {
    const row = await sentMessage("unsigned@example.com", "9876500001");
    const payload = fake.statusPayload(row.waMessageId!, "failed");
    expect((await post(payload, "")).status).toBe(401);
    expect((await post(payload, sign(JSON.stringify(payload), "another-secret"))).status).toBe(401);
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ waStatus: "accepted", fallbackMailId: null });
  });

  it("records statuses in order, never back, and answers 200 to any signed body", async () => {
    const row = await sentMessage("status@example.com", "9876500002");
    expect((await post(fake.statusPayload(row.waMessageId!, "delivered"))).status).toBe(200);
    expect((await post(fake.statusPayload(row.waMessageId!, "sent"))).status).toBe(200);
    let [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after!.waStatus).toBe("delivered");
    await post(fake.statusPayload(row.waMessageId!, "read"));
    [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after!.waStatus).toBe("read");
    expect((await post({ anything: ["at", "all"] })).status).toBe(200);
    const raw = "not json {";
    const junk = await call(route.POST, PATH, {
      method: "POST",
      rawBody: raw,
      headers: { "x-hub-signature-256": sign(raw) },
    });
    expect(junk.status).toBe(200);
  });

  it("a failed status (131026) is recorded and falls back to mail exactly once", async () => {
    const row = await sentMessage("nowa@example.com", "9876500003");
    const failed = fake.statusPayload(row.waMessageId!, "failed", 131026);
    expect((await post(failed)).status).toBe(200);
    expect((await post(failed)).status).toBe(200); // Meta resends: still one mail
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ waStatus: "failed", waErrorCode: 131026 });
    expect(after!.error).toContain("131026");
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "nowa@example.com"));
    expect(mails.map((m) => m.id)).toEqual([after!.fallbackMailId]);
    expect(mails[0]!.body).toContain("https://track.example/1234567890");
  });

  it("a STOP reply withdraws the number's consent; later events send nothing", async () => {
    await giveConsent(t.db, { email: "stop@example.com" }, "+91 98765 00004", "profile");
    expect(await consentedNumber(t.db, "stop@example.com")).toBe("919876500004");
    expect((await post(fake.inboundPayload("919876500004", "hello"))).status).toBe(200);
    expect(await consentedNumber(t.db, "stop@example.com")).toBe("919876500004");
    expect((await post(fake.inboundPayload("919876500004", " stop "))).status).toBe(200);
    expect(await consentedNumber(t.db, "stop@example.com")).toBeNull();
    const [rec] = await t.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.email, "stop@example.com"));
    expect(rec).toMatchObject({
      withdrawnBy: "stop",
      wording: "Send order updates on WhatsApp to +91 98765 00004",
    });
    expect(
      await enqueueWhatsapp(t.db, {
        event: "delivered",
        email: "stop@example.com",
        params: ["a", "b", "c"],
      }),
    ).toBeNull();
  });
});
