/**
 * "Order again" on the server (docs/decisions/0120-order-again.md): a past order's lines priced
 * against today's catalogue, read through the catalogue's loader (decision 0062).
 */
import type { DbOrTx } from "~/server/db/client";
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import type { OrderJson } from "~/features/orders/orders";
import { reorderPlan, type ReorderPlan } from "./reorder";

/** null for a quote's or a shipping charge's order: a quote is asked for again, not re-ordered. */
export async function loadReorderPlan(
  db: DbOrTx,
  order: Pick<OrderJson, "kind" | "items">,
): Promise<ReorderPlan | null> {
  if (order.kind !== "catalogue") return null;
  const ids = order.items.flatMap((item) => (item.productId ? [item.productId] : []));
  return reorderPlan(order.items, await loadPricingProducts(db, ids));
}
