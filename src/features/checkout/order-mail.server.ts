/**
 * Mails caused by payments. Each is written to the outbox inside the caller's transaction (the
 * one that records the payment), so a mail exists exactly when its event does; the background
 * sender delivers it (src/server/mail.server.ts, docs/decisions/0015).
 */
import { describePersonalised } from "~/features/personalisation/personalisation";
import type { Tx } from "~/server/db/client";
import type { orders } from "~/server/db/schema";
import { env } from "~/server/env";
import { shopIdentity } from "~/server/shop-identity.server";
import { ownerAddress, sendMail } from "~/server/mail.server";
import type { ProviderPayment } from "~/server/payments/provider";
import { formatInr } from "~/lib/money";
import { GUEST_USER_ID } from "./quote-guest";
import { paymentTarget } from "~/features/orders/order-payments.server";
import { loadOrder } from "~/features/orders/orders.server";
import { paidAndDue, type OrderJson } from "~/features/orders/orders";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";

function link(path: string): string {
  return new URL(path, env().PUBLIC_SITE_URL).toString();
}

function lines(order: OrderJson): string {
  const paid = paidAndDue(order.pricing, null);
  const rows = order.items.map((item) => {
    const options = Object.entries(item.variant)
      .map(([name, choice]) => `${name}: ${choice.value}`)
      .join(", ");
    const personal = describePersonalised(item.personalisation ?? []).map(
      (text) => `\n    ${text}`,
    );
    return `- ${item.product.name}${options ? ` (${options})` : ""} x ${item.quantity}: ${formatInr(item.price * item.quantity)}${personal.join("")}`;
  });
  return [
    ...rows,
    "",
    // A discount code (docs/decisions/0095): what it took off.
    ...(order.pricing.discount > 0
      ? [
          `Discount${order.coupon.code ? ` (${order.coupon.code})` : ""}: -${formatInr(order.pricing.discount)}`,
        ]
      : []),
    ...(order.pricing.shipping > 0 ? [`Shipping: ${formatInr(order.pricing.shipping)}`] : []),
    `Total: ${formatInr(order.pricing.total)} (shipping is charged when the order is ready to dispatch)`,
    // A deposit's order is the piece at its price: the advance paid now, the balance due (0212).
    ...(paid && paid.due > 0
      ? [
          `Paid now: ${formatInr(paid.paid)}`,
          `Balance due before dispatch: ${formatInr(paid.due)} (we mail its link when your piece is ready)`,
        ]
      : []),
  ].join("\n");
}

/**
 * Where the customer follows the order: their account's order page, or, paid without an account
 * (a quote's guest, decision 0047), the quote's own link, which needs no account; /my-orders would
 * only show them a login wall.
 */
function whereToFollow(order: OrderJson): string {
  if (order.userId === GUEST_USER_ID)
    return "Follow your order, and download its invoice, from the link in the mail that sent you the quote: it needs no account and shows the piece's progress.\n";
  return `Your order and its invoice (PDF): ${link(`/my-orders/${order.id}`)}\n${
    order.kind === "catalogue"
      ? ""
      : "The link of your quote shows its progress too, no account needed.\n"
  }`;
}

/** Order confirmation to the shopper and a new-order notice to the owner. */
export async function mailOrderPaid(tx: Tx, orderId: string): Promise<void> {
  const order = await loadOrder(tx, orderId);
  if (!order) return;
  if (order.kind === "shipping") return mailLinkPayment(tx, order);
  const shop = (await shopIdentity(tx)).name;
  const name = order.shippingName.firstName || "there";
  if (order.shippingName.email) {
    await sendMail(tx, {
      to: order.shippingName.email,
      subject: `${shop}: order ${order.id} confirmed (#${order.number})`,
      text: `Hello ${name},\n\nThank you! We received your payment for order #${order.number} (${order.id}).\n\n${lines(order)}\n\n${whereToFollow(order)}`,
    });
    await enqueueWhatsapp(tx, {
      event: "order-confirmed",
      email: order.shippingName.email,
      userId: order.userId,
      params: [
        name,
        `#${order.number}`,
        formatInr(order.pricing.total),
        link(`/my-orders/${order.id}`),
      ],
    });
  }
  const who = `${order.shippingName.firstName} ${order.shippingName.lastName}`.trim();
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `New order #${order.number}: ${order.id} (${formatInr(order.pricing.total)})`,
    text: `A new order was paid by ${who} <${order.shippingName.email}>, ${order.shippingName.phone}.\n\n${lines(order)}\n\nOpen it: ${link(`/admin/order/${order.id}`)}\n`,
    replyTo: order.shippingName.email || undefined,
  });
}

/**
 * A payment link's success (a shipping charge, a balance): a payment on the order it pays, not a
 * new order (docs/decisions/0204-an-order-and-its-payments.md).
 */
async function mailLinkPayment(tx: Tx, carrier: OrderJson): Promise<void> {
  const { orderId, kind } = await paymentTarget(tx, carrier);
  const what = kind === "balance" ? "the balance" : "the shipping charge";
  const amount = formatInr(carrier.pricing.total);
  const shop = (await shopIdentity(tx)).name;
  if (carrier.shippingName.email)
    await sendMail(tx, {
      to: carrier.shippingName.email,
      subject: `${shop}: payment received for order ${orderId}`,
      text: `Hello ${carrier.shippingName.firstName || "there"},\n\nThank you! We received ${amount} for ${what} of order ${orderId}.\n\n${
        carrier.userId === GUEST_USER_ID
          ? "Follow your order from the link in the mail that sent you the quote (no account needed).\n"
          : `Your order: ${link(`/my-orders/${orderId}`)}\n`
      }`,
    });
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `Payment for order ${orderId}: ${what} (${amount})`,
    text: `${what[0]!.toUpperCase()}${what.slice(1)} of order ${orderId} was paid (${amount}, payment ${carrier.id}).\n\nOpen it: ${link(`/admin/order/${orderId}`)}\n`,
  });
}

type OrderRow = typeof orders.$inferSelect;

function paymentText(payment: ProviderPayment): string {
  const amount = Number.isFinite(payment.amountPaise)
    ? formatInr(payment.amountPaise)
    : "an unreadable amount";
  return `payment ${payment.paymentId}: ${amount} ${payment.currency}${payment.paidAt ? ` at ${payment.paidAt.toISOString()}` : ""}`;
}

/** A success for an order already cancelled (expired) or already paid: recorded; the owner decides. */
export async function mailLatePayment(
  tx: Tx,
  order: OrderRow,
  payment: ProviderPayment,
): Promise<void> {
  const already = order.status !== "cancelled";
  await sendMail(tx, {
    to: ownerAddress(),
    subject: already
      ? `Order ${order.id} was paid twice`
      : `Late payment: order ${order.id} paid after it expired`,
    text: already
      ? `Order ${order.id} was already paid (${order.transactionId}); another ${paymentText(payment)} arrived. Consider a refund.\n\n${link(`/admin/order/${order.id}`)}\n`
      : `Order ${order.id} had expired and was cancelled, then ${paymentText(payment)} succeeded. It is recorded and the order is back in processing.\n\n${link(`/admin/order/${order.id}`)}\n`,
  });
}

/** A success whose amount or currency differs from the stored order: never marked paid. */
export async function mailMismatch(
  tx: Tx,
  order: OrderRow,
  payment: ProviderPayment,
): Promise<void> {
  await sendMail(tx, {
    to: ownerAddress(),
    subject: `Payment mismatch on order ${order.id}: not marked paid`,
    text: `The provider reports ${paymentText(payment)} for order ${order.id}, which costs ${formatInr(order.totalPaise)} INR. The order was NOT marked paid. Check the payment in the provider's dashboard.\n\n${link(`/admin/order/${order.id}`)}\n`,
  });
}
