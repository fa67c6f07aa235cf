/**
 * Mails caused by refunds, written to the outbox in the transaction that records the event
 * (docs/decisions/0015): the shopper hears of a refund that succeeded; the owner of one that
 * failed, and of a refund the shop started on its own (a refused quote payment).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orderPayments, orders, type refunds } from "~/server/db/schema";
import { env } from "~/server/env";
import { shopIdentity } from "~/server/shop-identity.server";
import { ownerAddress, sendMail } from "~/server/mail.server";
import { formatInr } from "~/lib/money";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";

type Refund = typeof refunds.$inferSelect;

function link(path: string): string {
  return new URL(path, env().PUBLIC_SITE_URL).toString();
}

async function shopper(db: DbOrTx, orderId: string) {
  const [order] = await db
    .select({ name: orders.shippingName, claimEmail: orders.claimEmail, kind: orders.kind })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order
    ? { email: order.name.email || order.claimEmail, first: order.name.firstName }
    : null;
}

/**
 * The order a refund is for: the refund's own order, or, for the part of a refund taken from a
 * payment link's row (docs/decisions/0212), the order that row's payment was toward (decision 0204).
 */
async function refundedOrder(db: DbOrTx, providerOrderId: string) {
  const [payment] = await db
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.viaOrderId, providerOrderId));
  const id = payment?.orderId ?? providerOrderId;
  const [order] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(eq(orders.id, id));
  return order ?? null;
}

/** To the shopper: the refund succeeded (the bank may take a few days to show it). */
export async function mailRefundSucceeded(db: DbOrTx, refund: Refund): Promise<void> {
  const order = await refundedOrder(db, refund.orderId);
  const who = order ? await shopper(db, order.id) : null;
  if (!order || !who?.email) return;
  const amount = formatInr(refund.amountPaise);
  await sendMail(db, {
    to: who.email,
    subject: `${(await shopIdentity(db)).name}: refund of ${amount} for order ${order.id} (#${order.number})`,
    text: `Hello ${who.first || "there"},\n\nWe refunded ${amount} for order #${order.number} (${order.id}) to the account you paid from. Banks usually show it within 5-7 working days.\n\nReason: ${refund.reason}\n\nYour order: ${link(`/my-orders/${order.id}`)}\n`,
  });
  await enqueueWhatsapp(db, {
    event: "refund-issued",
    email: who.email,
    params: [who.first || "there", refund.orderId, formatInr(refund.amountPaise)],
  });
}

/** To the owner: the provider could not make the refund. */
export async function mailRefundFailed(db: DbOrTx, refund: Refund, note: string): Promise<void> {
  await sendMail(db, {
    to: ownerAddress(),
    subject: `Refund failed for order ${refund.orderId}`,
    text: `The refund ${refund.id} of ${formatInr(refund.amountPaise)} for order ${refund.orderId} did not go through${note ? `: ${note}` : ""}. You can try again from the order screen.\n\n${link(`/admin/order/${refund.orderId}`)}\n`,
  });
}

/** To the owner: a refused quote payment is being refunded without anyone asking. */
export async function mailAutoRefund(db: DbOrTx, refund: Refund): Promise<void> {
  await sendMail(db, {
    to: ownerAddress(),
    subject: `Refund started automatically for order ${refund.orderId}`,
    text: `A payment of ${formatInr(refund.amountPaise)} arrived for order ${refund.orderId}, whose quote was withdrawn, replaced or already paid. The shop is refunding it in full (refund ${refund.id}); you will be mailed if it fails.\n\n${link(`/admin/order/${refund.orderId}`)}\n`,
  });
}
