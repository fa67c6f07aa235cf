/**
 * An order's row for the features that act on orders they did not make the rules of (custom work's
 * stages, quote pages and shipping charges; a refused quote payment): read it, lock it, and the few
 * writes they make, so no other feature touches the orders tables (docs/decisions/0062).
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { PersonalisedValue } from "~/lib/personalisation-types";
import type { DbOrTx, Tx } from "~/server/db/client";
import { orderItems, orders } from "~/server/db/schema";
import { lockAndMoveOrder, moveOrder } from "./order-moves.server";
import type { StoredOrder } from "./store-order.server";

/** The order's row, or null. */
export async function loadOrderRow(db: DbOrTx, id: string): Promise<StoredOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** The order's row locked for the rest of the transaction, or null. */
export async function lockOrderRow(tx: Tx, id: string): Promise<StoredOrder | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

/** The catalogue products an order's lines sold (a custom piece has none). */
export async function orderProductIds(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return [...new Set(rows.flatMap((r) => (r.productId ? [r.productId] : [])))];
}

/** The shipping charged at dispatch was paid (docs/product.md §9): the order's shipping cost. */
export async function setShippingCost(
  tx: Tx,
  orderId: string,
  paise: number,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ shippingCostPaise: paise, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/**
 * A success the shop will not count (a quote paid twice, or withdrawn meanwhile, decision 0045):
 * a pending order is cancelled, its payment Refused, with the note saying what to refund.
 */
export async function refuseOrderPayment(
  tx: Tx,
  order: StoredOrder,
  note: string,
  now: Date,
): Promise<void> {
  await moveOrder(tx, order, "payment:refused", {
    at: now,
    set: { notes: note, nextCheckAt: null },
  });
}

/** What the couriers charge the shop for the order's shipments (docs/shipping.md), paise. */
export async function setCourierCost(tx: Tx, orderId: string, paise: number): Promise<void> {
  await tx.update(orders).set({ courierCostPaise: paise }).where(eq(orders.id, orderId));
}

/**
 * A shipment's news moves its order (docs/shipping.md): processing -> shipped when a parcel is
 * picked up; to delivered when every parcel is (decision 0023's courier moves). Each move happens
 * once (the row is locked, the move checked); the answer says whether it moved, so the caller
 * mails the shopper once.
 */
export async function moveOrderForShipment(
  tx: Tx,
  orderId: string,
  target: "shipped" | "delivered",
  at: Date,
  trackingNumber: string,
): Promise<boolean> {
  const moved = await lockAndMoveOrder(tx, orderId, `courier:${target}`, (row) => ({
    at,
    now: new Date(),
    set: row.trackingNumber ? {} : { trackingNumber },
  }));
  return moved !== null;
}

/** An order's lines as a parcel holds them (docs/shipping.md): name, product, units, price, grams. */
export async function orderParcelLines(db: DbOrTx, orderId: string) {
  return db
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      weightGrams: orderItems.productWeightGrams,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** An order's lines as sold (the books read them to issue its invoice, docs/decisions/0085). */
export async function orderItemRows(
  db: DbOrTx,
  orderId: string,
): Promise<(typeof orderItems.$inferSelect)[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

/**
 * Each line's product (null for a quote's piece), name, personalisation note and fields (made to
 * order's proofs list them beside the mock-up, docs/decisions/0267).
 */
export async function orderLineNotes(
  db: DbOrTx,
  orderId: string,
): Promise<
  {
    productId: string | null;
    productName: string;
    productNote: string;
    quantity: number;
    personalisation: PersonalisedValue[];
  }[]
> {
  return db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      productNote: orderItems.productNote,
      quantity: orderItems.quantity,
      personalisation: orderItems.personalisation,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** The promised dispatch date moved (a proof approved late, docs/decisions/0121-proofs.md). */
export async function setPromisedDispatch(
  tx: Tx,
  orderId: string,
  at: Date,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ promisedDispatchAt: at, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** One order of the studio's queue: paid, not yet dispatched work (docs/decisions/0122). */
export interface QueueRow {
  id: string;
  pieces: number;
  paidAt: Date;
  promisedDispatchAt: Date | null;
}

/** Paid orders still processing (shipping charges aside), first paid first, with their pieces. */
export async function openWorkQueue(db: DbOrTx, exceptOrderId = ""): Promise<QueueRow[]> {
  const rows = await db
    .select({
      id: orders.id,
      pieces: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      paidAt: orders.paidAt,
      promisedDispatchAt: orders.promisedDispatchAt,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      sql`${orders.status} = 'processing' and ${orders.paidAt} is not null and ${orders.kind} <> 'shipping' and ${orders.id} <> ${exceptOrderId}`,
    )
    .groupBy(orders.id)
    .orderBy(orders.paidAt, orders.id);
  return rows.map((r) => ({ ...r, pieces: Number(r.pieces), paidAt: r.paidAt! }));
}

/** The rows of these orders (any order), for lists other features keep by order id. */
export async function loadOrderRows(db: DbOrTx, ids: readonly string[]): Promise<StoredOrder[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** The paid order of a quote (its link's payment), or null while none is paid. */
export async function paidOrderOfQuote(db: DbOrTx, quoteId: string): Promise<StoredOrder | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(sql`${orders.quoteId} = ${quoteId} and ${orders.paidAt} is not null`)
    .orderBy(orders.paidAt)
    .limit(1);
  return row ?? null;
}
