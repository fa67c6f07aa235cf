/**
 * The days from today to the dispatch promise a new order of the cart's lines would get, for the
 * delivery estimate at checkout (docs/shipping.md): the slowest product's processing window
 * (decision 0046), pushed later by the studio's queue when the owner has set its capacity
 * (docs/decisions/0122-capacity-and-needed-by.md). The same rule stores the promise at payment.
 */
import type { DbOrTx } from "~/server/db/client";
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import { daysUntil, promiseForNewOrder } from "~/features/made-to-order/promise.server";

export async function checkoutDispatchDays(
  db: DbOrTx,
  lines: readonly { productId: string; quantity: number }[],
  now = new Date(),
): Promise<number> {
  const products = await loadPricingProducts(
    db,
    lines.map((line) => line.productId),
  );
  const dispatchDays = Math.max(
    1,
    ...lines.map((line) => products.get(line.productId)?.processingDays ?? 1),
  );
  const pieces = Math.max(
    1,
    lines.reduce((sum, line) => sum + line.quantity, 0),
  );
  const promise = await promiseForNewOrder(db, { pieces, dispatchDays, from: now });
  return daysUntil(promise.at, now);
}
