/**
 * What a payment link's pay form shows (decision 0207): the order it pays, billed to that order's
 * own person, address and GSTIN. Null for a quote (its form asks for them) or an unknown link.
 */
import type { DbOrTx } from "~/server/db/client";
import { findByToken } from "~/features/custom/quote-payment.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import type { LinkPayDetails } from "./LinkPayForm";

export async function linkPayDetails(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<LinkPayDetails | null> {
  const found = await findByToken(db, token, now);
  const link = found?.current;
  if (link?.kind !== "shipping" || !link.forOrderId) return null;
  const order = await loadOrderRow(db, link.forOrderId);
  if (!order) return null;
  const who = order.shippingName;
  const a = order.shippingAddress;
  return {
    what: link.title,
    order: `#${order.number} (${order.id})`,
    name: `${who.firstName} ${who.lastName}`.trim(),
    email: who.email,
    phone: who.phone,
    address: [a.address1, a.address2, a.city, a.state, a.zipCode].filter(Boolean).join(", "),
    gstin: order.buyerGstin,
  };
}
