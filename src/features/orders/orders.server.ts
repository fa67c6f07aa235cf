/**
 * Reading orders: the one place that turns order rows into the docs/product.md §3 shape (OrderJson). Checkout,
 * the shopper's order pages and the owner's portal all read orders through here.
 */
import { and, desc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import { NOT_A_PAYMENT_CARRIER } from "./order-payments.server";
import type { DbOrTx } from "~/server/db/client";
import { orderItems, orderNeededBy, orders } from "~/server/db/schema";
import { isLate, type OrderItemJson, type OrderJson } from "./orders";

/**
 * An order row, with the date the customer needs it by (decision 0210) and the sum of its payments
 * (decision 0204) when loadOrders read it.
 */
export type OrderRow = typeof orders.$inferSelect & {
  neededBy?: string | null;
  amountPaid?: number;
};
export type OrderItemRow = typeof orderItems.$inferSelect;

export function orderItemJson(row: OrderItemRow): OrderItemJson {
  return {
    id: row.id,
    productId: row.productId,
    product: {
      name: row.productName,
      image: row.productImage,
      weight: row.productWeightGrams / 1000,
    },
    variant: row.variant,
    quantity: row.quantity,
    price: row.pricePaise,
    productNote: row.productNote,
    ...(row.personalisation?.length ? { personalisation: row.personalisation } : {}),
  };
}

export function orderJson(
  row: OrderRow,
  items: readonly OrderItemRow[],
  now = new Date(),
): OrderJson {
  const promisedDispatchAt = row.promisedDispatchAt?.toISOString() ?? null;
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    userId: row.userId,
    items: items.map(orderItemJson),
    pricing: {
      subtotal: row.subtotalPaise,
      discount: row.discountPaise,
      shipping: row.shippingPaise,
      total: row.totalPaise,
      ...(row.amountPaid === undefined ? {} : { amountPaid: Number(row.amountPaid) }),
    },
    shippingName: row.shippingName,
    billingName: row.billingName,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    payment: {
      method: row.paymentMethod,
      status: row.paymentStatus,
      transactionId: row.transactionId,
      amount: row.paymentAmountPaise,
    },
    shipping: {
      method: row.shippingMethod,
      cost: row.shippingCostPaise,
      trackingNumber: row.trackingNumber,
    },
    coupon: { code: row.couponCode, discount: row.couponDiscountPaise },
    notes: row.notes,
    timeline: row.timeline,
    kind: row.kind,
    quoteId: row.quoteId,
    promisedDispatchAt,
    neededBy: row.neededBy ?? null,
    late: isLate({ status: row.status, promisedDispatchAt }, now),
    paymentExpiresAt: row.status === "pending" ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}

export interface LoadOrdersOptions<T> {
  where?: SQL;
  /** 0 or absent: every matching order. */
  limit?: number;
  offset?: number;
  /** The shape of each answer (the owner's portal adds payment details); docs/product.md §3 OrderJson by default. */
  shape?: (row: OrderRow, items: readonly OrderItemRow[]) => T;
  /** newest (default), or dispatch: the closest promised dispatch date first (late ones lead), unpromised last (decision 0046). */
  sort?: "newest" | "dispatch";
}

/**
 * Orders matching `where`, newest first, each with its items: two queries, whatever the count.
 * A whole list reads its items through the same filter as a subquery, so ten thousand orders
 * never become ten thousand bound parameters.
 */
export async function loadOrders<T = OrderJson>(
  db: DbOrTx,
  options: LoadOrdersOptions<T> = {},
): Promise<T[]> {
  const shape = (options.shape ?? orderJson) as (
    row: OrderRow,
    items: readonly OrderItemRow[],
  ) => T;
  const order =
    options.sort === "dispatch"
      ? [sql`${orders.promisedDispatchAt} asc nulls last`, desc(orders.createdAt), desc(orders.id)]
      : [desc(orders.createdAt), desc(orders.id)];
  let query = db
    .select({
      ...getTableColumns(orders),
      neededBy: orderNeededBy.neededBy,
      // What was paid toward it: its own payment, an advance, a balance, a shipping charge (0204).
      amountPaid: sql<number>`(select coalesce(sum(p.amount_paise), 0)::int from order_payments p where p.order_id = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(orderNeededBy, eq(orderNeededBy.orderId, orders.id))
    .where(options.where)
    .orderBy(...order)
    .$dynamic();
  if (options.limit) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const whole = !options.limit && !options.offset;
  const ofOrders = whole
    ? inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(options.where))
    : inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      );
  const items = await db
    .select()
    .from(orderItems)
    .where(ofOrders)
    .orderBy(orderItems.orderId, orderItems.id);
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((row) => shape(row, byOrder.get(row.id) ?? []));
}

/**
 * Whose orders a shopper sees: their own, and custom orders paid without an account under their
 * email once it is verified (decision 0047). `verifiedEmail` only when the token says so.
 */
export function ownedBy(userId: string, verifiedEmail?: string | null): SQL {
  const email = verifiedEmail?.trim().toLowerCase();
  return email
    ? or(eq(orders.userId, userId), eq(orders.claimEmail, email))!
    : eq(orders.userId, userId);
}

/** One order, or null. With `userId`, only when it belongs to that user (someone else's is "absent"). */
export async function loadOrder(
  db: DbOrTx,
  id: string,
  userId?: string,
  verifiedEmail?: string | null,
): Promise<OrderJson | null> {
  const where = userId ? and(eq(orders.id, id), ownedBy(userId, verifiedEmail)) : eq(orders.id, id);
  const [order] = await loadOrders(db, { where, limit: 1 });
  return order ?? null;
}

/** The caller's orders, newest first (with their verified email: the custom orders paid under it). */
export function loadOrdersOfUser(
  db: DbOrTx,
  userId: string,
  verifiedEmail?: string | null,
): Promise<OrderJson[]> {
  // A payment link's carrier row is a payment of its order, not an order (decision 0204).
  return loadOrders(db, { where: and(ownedBy(userId, verifiedEmail), NOT_A_PAYMENT_CARRIER) });
}
