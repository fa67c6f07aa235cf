/**
 * Shiprocket's status codes as published (decision 0185, docs/shipping.md) on PGlite and
 * PostgreSQL, through tests/helpers/fake-shiprocket.ts (rebuilt from the published table and the
 * webhook sample): every authenticated webhook answers 200 and is kept, whatever its code; every
 * code of the table is understood; 16 (a cancellation request) cancels nothing; an undelivered
 * attempt (NDR) and a return to origin reach the owner at once, by mail and by the portal's count,
 * until she marks them seen; an unknown code is kept and flagged; a repeat changes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { WEBHOOK_PATH } from "~/features/shipping/shipping";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { SR_CODES, SR_STATUS } from "./helpers/fake-shiprocket";
import { OWNER_TOKEN, PARCEL, shippingKit, WEBHOOK_TOKEN } from "./helpers/shipping";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const webhookRoute = await import("~/pages/v2/parcel-events");
const alertsRoute = await import("~/pages/v2/admin/shipments/alerts");
const seenRoute = await import("~/pages/v2/admin/shipments/[id]/seen");

let keys = 0;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe.each(dbKinds)("Shiprocket's status codes on %s", (kind) => {
  const k = shippingKit(kind);
  const hook = (body: unknown) =>
    call(webhookRoute.POST, WEBHOOK_PATH, {
      method: "POST",
      body,
      headers: { "x-api-key": WEBHOOK_TOKEN },
    });
  async function shipped() {
    const orderId = await k.paidOrder();
    const answer = await k.postShipment(orderId, {
      key: `codes-${++keys}-${Date.now()}`,
      ...PARCEL,
    });
    expect(answer.status).toBe(201);
    return {
      orderId,
      awb: answer.json.shipment.awb as string,
      id: answer.json.shipment.id as string,
    };
  }
  const events = (awb: string) =>
    k.t.db.select().from(schema.shipmentEvents).where(eq(schema.shipmentEvents.awb, awb));
  const row = async (id: string) =>
    (await k.t.db.select().from(schema.shipments).where(eq(schema.shipments.id, id)))[0]!;
  const alerts = async () =>
    (await call(alertsRoute.GET, "/v2/admin/shipments/alerts", { token: OWNER_TOKEN })).json.count;
  const ownerMails = async (orderId: string) =>
    (await k.t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.startsWith(`Parcel for order ${orderId}`),
    );

  it("every code of the published table is answered 200 and kept as an event", async () => {
    const s = await shipped();
    for (const [i, code] of SR_CODES.entries()) {
      const answer = await hook(k.fake.move(s.awb, code, minutesAgo(500 - i)));
      expect({ code: code.id, status: answer.status }).toEqual({ code: code.id, status: 200 });
    }
    const kept = await events(s.awb);
    expect(kept.map((e) => Number(e.code)).sort((a, b) => a - b)).toEqual(
      SR_CODES.map((c) => c.id).sort((a, b) => a - b),
    );
    // Not one of them was unknown to the shop.
    expect(kept.filter((e) => e.alert === "unknown")).toEqual([]);
  });

  it("16 CANCELLATION REQUESTED is kept but cancels nothing; 8 CANCELLED does", async () => {
    const s = await shipped();
    expect((await hook(k.fake.move(s.awb, SR_STATUS.CANCELLATION_REQUESTED))).status).toBe(200);
    expect((await row(s.id)).status).toBe("booked");
    expect((await events(s.awb)).map((e) => e.providerStatus)).toEqual(["CANCELLATION REQUESTED"]);
    await hook(k.fake.move(s.awb, SR_CODES.find((c) => c.id === 8)!));
    expect((await row(s.id)).status).toBe("cancelled");
  });

  it("an undelivered attempt (NDR) reaches the owner at once: a mail each time and the portal's count until seen", async () => {
    const s = await shipped();
    const before = await alerts();
    await hook(k.fake.move(s.awb, SR_STATUS.PICKED_UP, minutesAgo(90)));
    await hook(k.fake.move(s.awb, SR_STATUS.OUT_FOR_DELIVERY, minutesAgo(60)));
    await hook(k.fake.move(s.awb, SR_STATUS.UNDELIVERED, minutesAgo(30)));
    expect(await row(s.id)).toMatchObject({ status: "out_for_delivery", attention: "ndr" });
    expect(await alerts()).toBe(before + 1);
    const mails = await ownerMails(s.orderId);
    expect(mails.map((m) => m.subject)).toEqual([
      `Parcel for order ${s.orderId} could not be delivered (NDR)`,
    ]);
    expect(mails[0]!.body).toContain(s.awb);
    await hook(k.fake.move(s.awb, SR_STATUS.UNDELIVERED, minutesAgo(10)));
    expect(await ownerMails(s.orderId)).toHaveLength(2);
    const seen = await call(seenRoute.POST, `/v2/admin/shipments/${s.id}/seen`, {
      method: "POST",
      token: OWNER_TOKEN,
      params: { id: s.id },
    });
    expect(seen.status).toBe(200);
    expect(seen.json.shipment.attention).toBe("");
    expect(await alerts()).toBe(before);
  });

  it("a return to origin reaches the owner at once: one mail, the count, the order not delivered", async () => {
    const s = await shipped();
    const before = await alerts();
    await hook(k.fake.move(s.awb, SR_STATUS.PICKED_UP, minutesAgo(90)));
    await hook(k.fake.move(s.awb, SR_STATUS.RTO_INITIATED, minutesAgo(60)));
    await hook(k.fake.move(s.awb, SR_STATUS.RTO_DELIVERED, minutesAgo(30)));
    expect(await row(s.id)).toMatchObject({ status: "rto", attention: "rto" });
    expect(await alerts()).toBe(before + 1);
    expect((await ownerMails(s.orderId)).map((m) => m.subject)).toEqual([
      `Parcel for order ${s.orderId} is coming back (RTO)`,
    ]);
    expect((await k.order(s.orderId)).status).toBe("shipped");
  });

  it("a code the shop does not know is kept, answered 200, moves nothing and is flagged", async () => {
    const s = await shipped();
    const body = k.fake.move(s.awb, { id: 99, label: "SOMETHING NEW" });
    const answer = await hook(body);
    expect(answer.status).toBe(200);
    expect(await row(s.id)).toMatchObject({ status: "booked", attention: "unknown" });
    expect((await events(s.awb))[0]).toMatchObject({ code: "99", status: "", alert: "unknown" });
    // A repeat delivery of the same event changes nothing.
    expect((await hook(body)).json.outcome).toBe("duplicate");
    expect(await events(s.awb)).toHaveLength(1);
  });

  it("the sample's shape: shipment_status_id is the code when current_status_id differs", async () => {
    const s = await shipped();
    const pickupException = SR_CODES.find((c) => c.id === 20)!;
    await hook(k.fake.move(s.awb, SR_STATUS.IN_TRANSIT, minutesAgo(5), pickupException));
    expect((await row(s.id)).status).toBe("in_transit");
  });
});
