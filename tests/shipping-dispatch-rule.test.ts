/**
 * The one dispatch rule (docs/decisions/0130-one-dispatch-rule.md) on PGlite and PostgreSQL: a
 * shipment is not booked (nothing stored, Shiprocket not asked) while a needed proof is not
 * approved, the owner's "shipped" is refused with the same sentence, and a courier's pickup is
 * recorded anyway with a line on the order's log saying what it left without.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DISPATCH_HOLDS } from "~/features/made-to-order/dispatch-holds.server";
import { WEBHOOK_PATH } from "~/features/shipping/shipping";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { SR_STATUS } from "./helpers/fake-shiprocket";
import { OWNER_TOKEN, PARCEL, shippingKit, WEBHOOK_TOKEN } from "./helpers/shipping";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const bookRoute = await import("~/pages/v2/admin/shipments/[id]/book");
const adminOrder = await import("~/pages/v2/admin/order/[id]");
const webhookRoute = await import("~/pages/v2/parcel-events");

let keys = 0;

describe.each(dbKinds)("the dispatch rule on %s", (kind) => {
  const k = shippingKit(kind);
  const post = (orderId: string) =>
    k.postShipment(orderId, { key: `rule-key-${++keys}-${Date.now()}`, ...PARCEL });
  const shipmentsOf = (orderId: string) =>
    k.t.db.select().from(schema.shipments).where(eq(schema.shipments.orderId, orderId));
  /** A paid order whose second line carries a personalisation note: it needs a proof. */
  async function personalised(): Promise<string> {
    const id = await k.paidOrder();
    await k.t.db
      .update(schema.orderItems)
      .set({ productNote: "Riya & Kabir, 12.02.2027" })
      .where(eq(schema.orderItems.id, `${id}-b`));
    return id;
  }
  const approve = (orderId: string) =>
    k.t.db.insert(schema.orderProofs).values({
      id: `prf-${orderId}`,
      orderId,
      round: 1,
      status: "approved",
      repliedAt: new Date(),
    });

  it("booking waits for the proof: 409 with the sentence, nothing stored, Shiprocket not asked; then it books", async () => {
    const id = await personalised();
    const refused = await post(id);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(DISPATCH_HOLDS.proof.refusal);
    expect(await shipmentsOf(id)).toHaveLength(0);
    expect(k.fake.requests).toHaveLength(0);
    const status = await call(adminOrder.PUT, `/v2/admin/order/${id}?status=shipped`, {
      method: "PUT",
      params: { id },
      token: OWNER_TOKEN,
      body: { trackingNumber: "TRK1" },
    });
    expect(status.status).toBe(409);
    expect(status.json.error).toBe(DISPATCH_HOLDS.proof.refusal);
    expect((await k.order(id)).status).toBe("processing");

    await approve(id);
    const booked = await post(id);
    expect(booked.status).toBe(201);
    expect(booked.json.shipment.status).toBe("booked");
  });

  it("a retry of a stored booking is refused the same way before any claim or call", async () => {
    const id = await personalised();
    await k.t.db.insert(schema.shipments).values({
      id: `shp-rule-${id}`,
      orderId: id,
      provider: "shiprocket",
      clientKey: "stored-before-the-rule",
      weightGrams: 1660,
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 10,
      courierChoice: "cheapest",
    });
    const answer = await call(bookRoute.POST, `/v2/admin/shipments/shp-rule-${id}/book`, {
      method: "POST",
      token: OWNER_TOKEN,
      params: { id: `shp-rule-${id}` },
    });
    expect(answer.status).toBe(409);
    expect(answer.json.error).toBe(DISPATCH_HOLDS.proof.refusal);
    const [row] = await shipmentsOf(id);
    expect(row).toMatchObject({ status: "booking", bookingAttempts: 0, bookingClaimedAt: null });
    expect(k.fake.requests).toHaveLength(0);
  });

  it("a courier's pickup is recorded anyway, and the order's log says the proof was not approved", async () => {
    const id = await k.paidOrder();
    const booked = await post(id);
    expect(booked.status).toBe(201);
    // The note arrives on a line after booking (a held order that a parcel already left).
    await k.t.db
      .update(schema.orderItems)
      .set({ productNote: "Riya & Kabir" })
      .where(eq(schema.orderItems.id, `${id}-b`));
    const awb = booked.json.shipment.awb as string;
    const hook = await call(webhookRoute.POST, WEBHOOK_PATH, {
      method: "POST",
      body: k.fake.move(awb, SR_STATUS.PICKED_UP),
      headers: { "x-api-key": WEBHOOK_TOKEN },
    });
    expect(hook.status).toBe(200);
    expect(hook.json.outcome).toBe("moved");
    expect((await k.order(id)).status).toBe("shipped");
    const log = await k.t.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, id));
    expect(log.map((l) => l.message)).toContain(
      `Parcel ${awb} was picked up with the proof not approved.`,
    );
  });

  it("an order without holds leaves with no such line", async () => {
    const id = await k.paidOrder();
    const booked = await post(id);
    const awb = booked.json.shipment.awb as string;
    await call(webhookRoute.POST, WEBHOOK_PATH, {
      method: "POST",
      body: k.fake.move(awb, SR_STATUS.PICKED_UP),
      headers: { "x-api-key": WEBHOOK_TOKEN },
    });
    expect((await k.order(id)).status).toBe("shipped");
    const log = await k.t.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, id));
    expect(log.filter((l) => l.message.includes("picked up with"))).toEqual([]);
  });
});
