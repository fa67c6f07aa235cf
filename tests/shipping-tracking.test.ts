/**
 * Tracking (docs/shipping.md, decision 0107) on PGlite and PostgreSQL: Shiprocket's webhook checked
 * by its x-api-key token, every event stored once, the order shipped and delivered exactly once
 * with timeline stamps and the shopper's mail, events out of order, RTO and lost shown to the owner,
 * and the re-check of parcels without news for a day. The webhook's path avoids the words Shiprocket
 * refuses.
 */
import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { shippingProviderFor } from "~/features/shipping/providers/index.server";
import { readSection } from "~/features/settings/settings-store.server";
import { WEBHOOK_PATH } from "~/features/shipping/shipping";
import { shippingSection } from "~/features/shipping/shipping-settings";
import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { recheckQuietShipments } from "~/features/shipping/tracking.server";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { SR_STATUS } from "./helpers/fake-shiprocket";
import { OWNER_TOKEN, shippingKit, WEBHOOK_TOKEN } from "./helpers/shipping";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const shipmentsRoute = await import("~/pages/v2/admin/order/[id]/shipments");
const webhookRoute = await import("~/pages/v2/parcel-events");

const parcel = { weightGrams: 1660, lengthCm: 30, breadthCm: 25, heightCm: 10 };
let keys = 0;
const SHOPPER = "asha.ship@example.com";

describe("the webhook's address", () => {
  it("has none of the words Shiprocket refuses, and a route answers there", () => {
    for (const word of ["shiprocket", "kartrocket", "sr", "kr"])
      expect(WEBHOOK_PATH.toLowerCase()).not.toContain(word);
    expect(existsSync(`src/pages${WEBHOOK_PATH}.ts`)).toBe(true);
  });
});

describe.each(dbKinds)("tracking on %s", (kind) => {
  const k = shippingKit(kind);
  const hook = (body: unknown, token = WEBHOOK_TOKEN) =>
    call(webhookRoute.POST, WEBHOOK_PATH, {
      method: "POST",
      body,
      headers: token ? { "x-api-key": token } : {},
    });
  async function shipped(): Promise<{ orderId: string; awb: string; shipmentId: string }> {
    const orderId = await k.paidOrder();
    const answer = await call(shipmentsRoute.POST, `/v2/admin/order/${orderId}/shipments`, {
      method: "POST",
      body: { key: `track-key-${++keys}-${Date.now()}`, ...parcel },
      token: OWNER_TOKEN,
      params: { id: orderId },
    });
    expect(answer.status).toBe(201);
    return { orderId, awb: answer.json.shipment.awb, shipmentId: answer.json.shipment.id };
  }
  const events = (shipmentId: string) =>
    k.t.db
      .select()
      .from(schema.shipmentEvents)
      .where(eq(schema.shipmentEvents.shipmentId, shipmentId));
  const shipment = async (id: string) =>
    (await k.t.db.select().from(schema.shipments).where(eq(schema.shipments.id, id)))[0]!;

  it("a wrong or missing token is a 401 and changes nothing", async () => {
    const s = await shipped();
    const body = k.fake.move(s.awb, SR_STATUS.PICKED_UP);
    expect((await hook(body, "parcel-token-0123456789abcdeX")).status).toBe(401);
    expect((await hook(body, "")).status).toBe(401);
    expect(await events(s.shipmentId)).toHaveLength(0);
    expect((await k.order(s.orderId)).status).toBe("processing");
  });

  it("a pickup sent five times is stored once: shipped once, one timeline stamp, one mail; delivered once too", async () => {
    const s = await shipped();
    const pickedAt = new Date(Date.now() - 3600_000);
    pickedAt.setMilliseconds(0);
    const body = k.fake.move(s.awb, SR_STATUS.PICKED_UP, pickedAt);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await hook(body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.outcome)).toEqual([
      "moved",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    expect(await events(s.shipmentId)).toHaveLength(1);
    const order = await k.order(s.orderId);
    expect(order.status).toBe("shipped");
    expect(order.timeline.shipped).toBe(pickedAt.toISOString());
    expect(order.trackingNumber).toBe(s.awb);
    let mails = await k.outboxTo(SHOPPER);
    const onItsWay = mails.filter((m) => m.subject.includes(`${s.orderId} is on its way`));
    expect(onItsWay).toHaveLength(1);
    expect(onItsWay[0]!.body).toContain(`AWB: ${s.awb}`);
    expect(onItsWay[0]!.body).toContain(`https://shiprocket.co/tracking/${s.awb}`);

    await hook(k.fake.move(s.awb, SR_STATUS.IN_TRANSIT));
    const delivered = k.fake.move(s.awb, SR_STATUS.DELIVERED);
    for (let i = 0; i < 5; i++) await hook(delivered);
    const done = await k.order(s.orderId);
    expect(done.status).toBe("delivered");
    expect(done.timeline.delivered).toBeTruthy();
    mails = await k.outboxTo(SHOPPER);
    expect(mails.filter((m) => m.subject.includes("was delivered"))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.includes("on its way"))).toHaveLength(1);
    const row = await shipment(s.shipmentId);
    expect(row).toMatchObject({ status: "delivered", providerStatus: "DELIVERED" });
    expect(row.scans.map((x) => x.status)).toEqual(["PICKED UP", "IN TRANSIT", "DELIVERED"]);
    expect(await events(s.shipmentId)).toHaveLength(3);
  });

  it("out of order: delivered before picked up delivers once; the late pickup is stored and moves nothing back", async () => {
    const s = await shipped();
    const early = k.fake.move(s.awb, SR_STATUS.PICKED_UP, new Date(Date.now() - 7200_000));
    const late = k.fake.move(s.awb, SR_STATUS.DELIVERED, new Date(Date.now() - 600_000));
    expect((await hook(late)).json.outcome).toBe("moved");
    expect((await hook(early)).json.outcome).toBe("recorded");
    const order = await k.order(s.orderId);
    expect(order.status).toBe("delivered");
    expect(order.timeline.shipped).toBeTruthy();
    expect((await shipment(s.shipmentId)).status).toBe("delivered");
    const mails = await k.outboxTo(SHOPPER);
    expect(mails.filter((m) => m.subject.includes(s.orderId))).toHaveLength(1);
    expect(await events(s.shipmentId)).toHaveLength(2);
  });

  it("an order of two parcels is delivered when both are", async () => {
    const s = await shipped();
    const second = await call(shipmentsRoute.POST, `/v2/admin/order/${s.orderId}/shipments`, {
      method: "POST",
      body: { key: `track-key-${++keys}-keepsake`, ...parcel, weightGrams: 200 },
      token: OWNER_TOKEN,
      params: { id: s.orderId },
    });
    await hook(k.fake.move(s.awb, SR_STATUS.DELIVERED));
    expect((await k.order(s.orderId)).status).toBe("shipped");
    await hook(k.fake.move(second.json.shipment.awb, SR_STATUS.DELIVERED));
    expect((await k.order(s.orderId)).status).toBe("delivered");
  });

  it("RTO and lost are logged on the order and mailed to the owner; the order is not delivered", async () => {
    const s = await shipped();
    await hook(k.fake.move(s.awb, SR_STATUS.PICKED_UP));
    await hook(k.fake.move(s.awb, SR_STATUS.RTO_INITIATED));
    expect((await shipment(s.shipmentId)).status).toBe("rto");
    const log = await k.t.db
      .select()
      .from(schema.orderLog)
      .where(eq(schema.orderLog.orderId, s.orderId));
    expect(log.map((l) => l.message)).toContain(`Parcel ${s.awb}: RTO INITIATED`);
    const owner = (await k.t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.includes(`order ${s.orderId} is coming back (RTO)`),
    );
    expect(owner).toHaveLength(1);
    await hook(k.fake.move(s.awb, SR_STATUS.DELIVERED));
    expect((await k.order(s.orderId)).status).toBe("shipped");
  });

  it("a body without an AWB and an AWB the shop does not know are answered 200 and kept as events of no shipment", async () => {
    const odd = await hook({ hello: "world" });
    expect(odd.status).toBe(200);
    expect(odd.json.outcome).toBe("unknown");
    const unknown = await hook({
      awb: "NOPE123",
      current_status: "DELIVERED",
      shipment_status_id: 7,
      current_timestamp: "25 11 2026 10:00:00",
      scans: [],
    });
    expect(unknown.status).toBe(200);
    expect(unknown.json.outcome).toBe("unknown");
    const kept = await k.t.db
      .select()
      .from(schema.shipmentEvents)
      .where(eq(schema.shipmentEvents.awb, "NOPE123"));
    expect(kept).toMatchObject([{ shipmentId: null, code: "7", status: "delivered" }]);
  });

  it("the re-check asks about parcels quiet for a day, applies what it hears, and leaves the others", async () => {
    const quiet = await shipped();
    const fresh = await shipped();
    k.fake.move(quiet.awb, SR_STATUS.PICKED_UP, new Date(Date.now() - 30 * 3600_000));
    k.fake.move(quiet.awb, SR_STATUS.DELIVERED, new Date(Date.now() - 26 * 3600_000));
    const old = new Date(Date.now() - 25 * 3600_000);
    await k.t.db
      .update(schema.shipments)
      .set({ lastNewsAt: old })
      .where(eq(schema.shipments.id, quiet.shipmentId));
    const { value } = await readSection(k.t.db, shippingSection);
    const asked = await recheckQuietShipments(k.t.db, shippingProviderFor(value), dispatchHolds);
    expect(asked).toBe(1);
    expect(
      k.fake.requests.filter((r) => r.path.startsWith("/courier/track/awb/")).map((r) => r.path),
    ).toEqual([`/courier/track/awb/${quiet.awb}`]);
    expect((await k.order(quiet.orderId)).status).toBe("delivered");
    expect((await k.order(fresh.orderId)).status).toBe("processing");
    expect(await recheckQuietShipments(k.t.db, shippingProviderFor(value), dispatchHolds)).toBe(0);
  });
});
