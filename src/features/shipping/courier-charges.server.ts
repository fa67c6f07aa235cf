/**
 * What the couriers charge the shop (decision 0186): a shipment's cost is first the quote (the
 * serviceability rate of the courier chosen; Shiprocket's AWB answer carries no charge), marked
 * `cost_source = 'quote'` and shown as such; the courier's real charge replaces it once Shiprocket's
 * order details have it (right after booking, else at the hourly re-check). The order keeps the sum.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { shipments } from "~/server/db/schema";
import { log } from "~/server/log/logger";
import { setCourierCost } from "~/features/orders/order-records.server";
import type { ShippingProvider } from "./providers/provider";

export async function totalCourierCost(tx: Tx, orderId: string): Promise<void> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${shipments.costPaise}), 0)` })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  await setCourierCost(tx, orderId, Number(row?.sum ?? 0));
}

/**
 * Asks the provider for one shipment's real charge; stores it (and the order's sum) when known.
 * A failure is logged and changes nothing: the quote stays, marked as one, and is asked again.
 */
export async function settleCharge(
  db: Db,
  provider: ShippingProvider,
  shipment: { id: string; orderId: string; providerOrderId: string },
): Promise<number | null> {
  let paise: number | null;
  try {
    paise = await provider.charge(shipment.providerOrderId);
  } catch (error) {
    log.warn(
      `[shipping] the courier's charge for shipment ${shipment.id} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
  if (paise === null) return null;
  await db.transaction(async (tx) => {
    await tx
      .update(shipments)
      .set({ costPaise: paise, costSource: "courier", updatedAt: new Date() })
      .where(eq(shipments.id, shipment.id));
    await totalCourierCost(tx, shipment.orderId);
  });
  return paise;
}

/** The re-check's part: shipments still at the quote, oldest first, a few at a time. */
export async function settleQuotedCharges(
  db: Db,
  provider: ShippingProvider,
  limit = 20,
): Promise<number> {
  const due = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      providerOrderId: shipments.providerOrderId,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.provider, provider.name),
        eq(shipments.costSource, "quote"),
        ne(shipments.providerOrderId, ""),
      ),
    )
    .orderBy(asc(shipments.createdAt))
    .limit(limit);
  let settled = 0;
  for (const shipment of due) if ((await settleCharge(db, provider, shipment)) !== null) settled++;
  return settled;
}
