/**
 * The owner's orders: filtered list, counts per status, and status changes (stamped on the timeline,
 * mailed to the shopper in the same transaction). Reads go through loadOrders, the one read model.
 */
import { and, count, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { orders } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import { sendMail } from "../../server/mail.server";
import { shopConfig } from "../../server/shop-config";
import { loadOrder, loadOrders } from "../orders/orders.server";
import type { OrderJson } from "../orders/orders";
import { statusLabel } from "../orders/status";
import { transitionError } from "./orders-admin";

export interface OrderFilter {
  status?: string;
  q?: string;
  /** Paise. */
  min?: number;
  max?: number;
  limit?: number;
  offset?: number;
  sort?: "newest" | "dispatch";
  late?: "true" | "false";
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.min !== undefined) conditions.push(gte(orders.totalPaise, filter.min));
  if (filter.max !== undefined) conditions.push(lte(orders.totalPaise, filter.max));
  if (filter.late === "true") conditions.push(and(eq(orders.status, "processing"), lt(orders.promisedDispatchAt, new Date())));
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(orders.id, pattern),
        sql`(${orders.shippingName}->>'firstName') || ' ' || (${orders.shippingName}->>'lastName') ilike ${pattern}`,
        sql`(${orders.billingName}->>'firstName') || ' ' || (${orders.billingName}->>'lastName') ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export function listAllOrders(db: Db, filter: OrderFilter): Promise<OrderJson[]> {
  return loadOrders(db, { where: orderFilterWhere(filter), limit: filter.limit, offset: filter.offset, sort: filter.sort });
}

export async function orderCounts(db: Db): Promise<Record<"pending" | "processing" | "shipped" | "delivered" | "cancelled", number>> {
  const rows = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const counts = { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.n);
  return counts;
}

export interface StatusChange {
  status: string;
  trackingNumber?: string;
  /** Paise. */
  shippingCost?: number;
}

/** Moves an order on; 404 when absent, 400 for a refused move (nothing written). */
export async function changeOrderStatus(db: Db, id: string, change: StatusChange, now = new Date()): Promise<OrderJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!row) throw new HttpError(404, "Order not found");
    const refused = transitionError(row.status, change.status);
    if (refused) throw new HttpError(400, refused);
    const shipped = change.status === "shipped";
    await tx
      .update(orders)
      .set({
        status: change.status,
        timeline: { ...row.timeline, [change.status]: now.toISOString() },
        updatedAt: now,
        ...(shipped && change.trackingNumber !== undefined ? { trackingNumber: change.trackingNumber } : {}),
        ...(shipped && change.shippingCost !== undefined ? { shippingCostPaise: change.shippingCost } : {}),
      })
      .where(eq(orders.id, id));
    const order = (await loadOrder(tx, id))!;
    const to = order.shippingName.email || order.billingName.email;
    if (to) {
      const label = statusLabel(order.status);
      const tracking = shipped && order.shipping.trackingNumber ? `\nTracking number: ${order.shipping.trackingNumber}` : "";
      await sendMail(tx, {
        to,
        subject: `${shopConfig().name}: your order ${order.id} is ${label}`,
        text: `Hello ${order.shippingName.firstName},\n\nYour order ${order.id} is now ${label}.${tracking}\n\nThank you for shopping with ${shopConfig().name}.`,
      });
    }
    return order;
  });
}
