/**
 * The one dispatch rule (docs/decisions/0130-one-dispatch-rule.md): an order leaves the studio only
 * with its deposit's balance paid (decision 0124) and, when a line needs one, its proof approved
 * (decision 0121). The owner's "shipped" and every shipment booking are refused while a hold
 * stands; a courier's pickup (news of what already happened) is recorded, and the holds it broke
 * are written on the order's log. The shipping feature is handed `dispatchHolds` by its routes
 * (made-to-order imports shipping, decision 0062).
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { quoteDeposits, quotes } from "~/server/db/schema";
import { loadOrderRow } from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { type DispatchHold, refuseWhileHeld } from "~/features/shipping/dispatch-rule";
import { loadQuoteDeposit } from "./deposits.server";
import { proofAwaitsApproval } from "./proofs.server";

export const DISPATCH_HOLDS = {
  balance: {
    refusal:
      "The balance of this order is not paid yet: send the balance link, and dispatch once it is paid.",
    note: "the balance unpaid",
  },
  shipping: {
    refusal:
      "The shipping charge of this order is not paid yet: dispatch once it is paid, or withdraw its link to waive it.",
    note: "the shipping charge unpaid",
  },
  proof: {
    refusal:
      "The customer has not approved the proof yet: dispatch once they approve it (send a proof from the order screen if none is waiting).",
    note: "the proof not approved",
  },
} as const satisfies Record<string, DispatchHold>;

type OrderFacts = Pick<StoredOrder, "id" | "kind" | "quoteId">;

/** What stops this order leaving the studio today (none: it may go). */
export async function holdsOf(db: DbOrTx, order: OrderFacts): Promise<DispatchHold[]> {
  const holds: DispatchHold[] = [];
  if (order.kind === "custom" && order.quoteId) {
    const deposit = await loadQuoteDeposit(db, order.quoteId);
    if (deposit && !deposit.balancePaidAt) holds.push(DISPATCH_HOLDS.balance);
  }
  if (await shippingChargeUnpaid(db, order.id)) holds.push(DISPATCH_HOLDS.shipping);
  if (await proofAwaitsApproval(db, order)) holds.push(DISPATCH_HOLDS.proof);
  return holds;
}

/**
 * A shipping charge asked for (its link sent, expired or not) and none paid: the order waits for it
 * (docs/decisions/0205-shipping-charge-before-dispatch.md). Withdrawing the link waives it. A
 * deposit's balance link has its own hold.
 */
async function shippingChargeUnpaid(db: DbOrTx, orderId: string): Promise<boolean> {
  const links = await db
    .select({ status: quotes.status, balanceOf: quoteDeposits.quoteId })
    .from(quotes)
    .leftJoin(quoteDeposits, eq(quoteDeposits.balanceQuoteId, quotes.id))
    .where(and(eq(quotes.forOrderId, orderId), eq(quotes.kind, "shipping")));
  const charges = links.filter((l) => l.balanceOf === null);
  return charges.some((l) => l.status === "sent") && !charges.some((l) => l.status === "paid");
}

/** The rule by order id, as the shipping feature asks it (an unknown order has none). */
export async function dispatchHolds(db: DbOrTx, orderId: string): Promise<DispatchHold[]> {
  const order = await loadOrderRow(db, orderId);
  return order ? holdsOf(db, order) : [];
}

/** Before the owner marks an order shipped: 409 with the sentences while a hold stands. */
export function refuseDispatch(db: DbOrTx, order: OrderFacts): Promise<void> {
  return refuseWhileHeld((d) => holdsOf(d, order), db, order.id);
}
