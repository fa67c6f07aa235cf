/**
 * Never sold twice, on both engines (docs/decisions/0216-stock-modes-and-holds.md,
 * 0217-late-payment-after-sale.md): create-order holds the piece under the product's row lock,
 * payment makes the hold a sale, a failed, cancelled or expired attempt releases it once, and a
 * payment for a piece sold meanwhile is marked paid and refunded in full automatically, once.
 */
import { eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { expireOrder, recordPayment } from "~/features/checkout/payment-record.server";
import { refundRefusedPayments } from "~/features/refunds/refund-jobs.server";
import { schema, type Db } from "~/server/db/client";
import { paymentProvider } from "~/server/payments/index.server";
import { success } from "./helpers/books";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, lapse, stockedProduct, stockOf, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const orderOf = async (db: Db, id: string) =>
  (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;

/** A payment as the webhook records it, and the automatic refund it may start. */
async function payFor(db: Db, id: string, paymentId = `pay-${id}`) {
  const order = await orderOf(db, id);
  const effect = await recordPayment(db, id, success(paymentId, order.totalPaise), "local");
  if (effect === "sold-out")
    await refundRefusedPayments(db, paymentProvider(), id, new Date(), effect);
  return effect;
}

const SOLD_OUT =
  /^Wall Panel 1 has sold out since it was added to your cart; remove it to check out\.$/;

describe.each(dbKinds)("never sold twice on %s", (kind) => {
  const { t } = localShopKit(kind);

  it("two shoppers, one piece, create-order at once: one holds it, the other is told and nothing is written", async () => {
    const piece = await stockedProduct(t.db, 1);
    const [a, b] = [await stockShopper(t.db, piece.id), await stockShopper(t.db, piece.id)];
    const answers = await Promise.all([createOrder(a.token, 1), createOrder(b.token, 2)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
    const refused = answers.find((x) => x.status === 400)!;
    expect(refused.json.error).toMatch(SOLD_OUT);
    const made = await t.db
      .select()
      .from(schema.orders)
      .where(like(schema.orders.userId, "stock-%"));
    expect(made.filter((o) => o.userId === a.uid || o.userId === b.uid)).toHaveLength(1);
    const held = answers.find((x) => x.status === 200)!.json.order_id as string;
    expect(await payFor(t.db, held)).toBe("paid");
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, held: 0, sold: 1 });
    // A repeated webhook changes nothing.
    expect(await payFor(t.db, held)).toBe("already-recorded");
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
  });

  it("A holds, A's window lapses, B holds and pays, A pays late: A is refunded in full, once, and told", async () => {
    const piece = await stockedProduct(t.db, 1);
    const [a, b] = [await stockShopper(t.db, piece.id), await stockShopper(t.db, piece.id)];
    const first = await createOrder(a.token, 3);
    expect(first.status).toBe(200);
    const aId = first.json.order_id as string;
    await lapse(t.db, aId);
    const second = await createOrder(b.token, 4);
    expect(second.status).toBe(200);
    const bId = second.json.order_id as string;
    expect(await payFor(t.db, bId)).toBe("paid");
    expect(await payFor(t.db, aId)).toBe("sold-out");
    expect(await payFor(t.db, aId)).toBe("already-recorded");
    await refundRefusedPayments(t.db, paymentProvider(), aId, new Date(), "sold-out");
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
    const late = await orderOf(t.db, aId);
    expect(late).toMatchObject({ status: "cancelled", paymentStatus: "Refused" });
    expect(late.paidAt).not.toBeNull();
    const refunds = await t.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, aId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountPaise).toBe(late.totalPaise);
    const mails = await t.db
      .select()
      .from(schema.outbox)
      .where(like(schema.outbox.subject, `%${aId}%`));
    const subjects = mails.map((m) => m.subject);
    expect(subjects.filter((s) => s.includes("is being refunded"))).toHaveLength(2);
    expect(
      mails.find((m) => m.to === "asha@example.com" && m.subject.includes("being refunded"))!.body,
    ).toContain("it had been sold to someone else by then");
  });

  it("a lapsed hold whose piece is still there sells on a late payment; expiry releases once", async () => {
    const piece = await stockedProduct(t.db, 1);
    const a = await stockShopper(t.db, piece.id);
    const first = await createOrder(a.token, 5);
    const id = first.json.order_id as string;
    await lapse(t.db, id);
    expect(await expireOrder(t.db, id)).toBe(true);
    expect(await expireOrder(t.db, id)).toBe(false);
    const after = await stockOf(t.db, piece.id);
    expect(after).toMatchObject({ onHand: 1, held: 0, released: 1 });
    expect(after.holds[0]!.releasedBecause).toBe("expired");
    expect(await payFor(t.db, id)).toBe("late-paid");
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
  });

  it("both create in turn while A's hold lapsed; both pay in either order: exactly one sale", async () => {
    for (const aFirst of [true, false]) {
      const piece = await stockedProduct(t.db, 1);
      const [a, b] = [await stockShopper(t.db, piece.id), await stockShopper(t.db, piece.id)];
      const aId = (await createOrder(a.token, 6)).json.order_id as string;
      await lapse(t.db, aId);
      const bId = (await createOrder(b.token, 7)).json.order_id as string;
      const effects = aFirst
        ? [await payFor(t.db, aId), await payFor(t.db, bId)]
        : [await payFor(t.db, bId), await payFor(t.db, aId)];
      // A's lapsed hold never beats B's live one; B's payment sells.
      expect(effects).toEqual(aFirst ? ["sold-out", "paid"] : ["paid", "sold-out"]);
      expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
    }
  });

  it("20 shoppers at once for 5 pieces: 5 orders hold, 15 are told; 5 payments sell all five", async () => {
    const piece = await stockedProduct(t.db, 5, "in_stock");
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push(await stockShopper(t.db, piece.id));
    const answers = await Promise.all(shoppers.map((s, i) => createOrder(s.token, 20 + i)));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(5);
    const refused = answers.filter((x) => x.status === 400);
    expect(refused).toHaveLength(15);
    for (const r of refused)
      expect(r.json.error).toContain("Wall Panel 5 has sold out since it was added");
    for (const ok of answers.filter((x) => x.status === 200))
      expect(await payFor(t.db, ok.json.order_id as string)).toBe("paid");
    expect(await stockOf(t.db, piece.id)).toMatchObject({ onHand: 0, held: 0, sold: 5 });
  });

  it("a failed or cancelled payment gives the piece back at once; a new attempt replaces the old hold", async () => {
    const piece = await stockedProduct(t.db, 1);
    const [a, b] = [await stockShopper(t.db, piece.id), await stockShopper(t.db, piece.id)];
    const aId = (await createOrder(a.token, 8)).json.order_id as string;
    expect((await createOrder(b.token, 9)).status).toBe(400);
    const failed = { ...success(`f-${aId}`, 1), status: "FAILED" as const };
    expect(await recordPayment(t.db, aId, failed, "local")).toBe("failed");
    expect(
      (await stockOf(t.db, piece.id)).holds.find((h) => h.orderId === aId)!.releasedBecause,
    ).toBe("failed");
    const bId = (await createOrder(b.token, 9)).json.order_id as string;
    // B tries again (another address, a new order): the new attempt replaces B's first hold.
    await t.db
      .insert(schema.addresses)
      .values({ ...(await addressOf(t.db, b.uid)), id: "addr-2", zipCode: "400002" });
    const again = await createOrder(b.token, 9, { address_id: "addr-2" });
    expect(again.status).toBe(200);
    expect(again.json.order_id).not.toBe(bId);
    const holds = (await stockOf(t.db, piece.id)).holds;
    expect(holds.find((h) => h.orderId === bId)!.releasedBecause).toBe("replaced");
    expect(holds.filter((h) => h.state === "held")).toHaveLength(1);
  });
});

async function addressOf(db: Db, uid: string) {
  const [row] = await db.select().from(schema.addresses).where(eq(schema.addresses.userId, uid));
  const { id: _id, ...rest } = row!;
  return rest;
}
