/**
 * What a shopper received (docs/decisions/0100-reviews.md): the catalogue products of their
 * delivered orders, with the order's first name and city, for the features that act on a purchase
 * (a review by a verified buyer). Read here so no other feature touches the orders tables (0062).
 */
import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orderItems, orders } from "~/server/db/schema";

export interface DeliveredLine {
  orderId: string;
  productId: string;
  productName: string;
  productImage: string;
  firstName: string;
  city: string;
  /** When the order was marked delivered (ISO), or "" when the timeline lacks it. */
  deliveredAt: string;
}

/** The delivered lines of `uid`'s orders, newest order first; `orderId` narrows to one order. */
export async function deliveredLines(
  db: DbOrTx,
  uid: string,
  orderId?: string,
): Promise<DeliveredLine[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productImage: orderItems.productImage,
      shippingName: orders.shippingName,
      shippingAddress: orders.shippingAddress,
      timeline: orders.timeline,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, uid),
        eq(orders.status, "delivered"),
        isNotNull(orderItems.productId),
        orderId ? eq(orders.id, orderId) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt));
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    const key = `${row.orderId}:${row.productId}`;
    if (!row.productId || seen.has(key)) return [];
    seen.add(key);
    return [
      {
        orderId: row.orderId,
        productId: row.productId,
        productName: row.productName,
        productImage: row.productImage,
        firstName: row.shippingName.firstName,
        city: row.shippingAddress.city,
        deliveredAt: row.timeline.delivered ?? "",
      },
    ];
  });
}

/**
 * Catalogue orders delivered before `before`, among those last changed after `since` (the review
 * requests' window: an order delivered long ago is not asked about).
 */
export async function deliveredOrdersBefore(
  db: DbOrTx,
  before: Date,
  since: Date,
): Promise<
  { orderId: string; userId: string; email: string; firstName: string; deliveredAt: string }[]
> {
  const rows = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      shippingName: orders.shippingName,
      timeline: orders.timeline,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "delivered"),
        eq(orders.kind, "catalogue"),
        gte(orders.updatedAt, since),
      ),
    );
  return rows.flatMap((row) => {
    const at = row.timeline.delivered;
    if (!at || new Date(at) > before) return [];
    return [
      {
        orderId: row.orderId,
        userId: row.userId,
        email: row.shippingName.email,
        firstName: row.shippingName.firstName,
        deliveredAt: at,
      },
    ];
  });
}
