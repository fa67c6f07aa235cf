/**
 * The mail a shopper gets when the owner moves their order (decision 0023): pure, so the words are
 * tested without a database. Sent through the outbox in the move's transaction (decision 0015).
 */
import { formatInr } from "~/lib/money";
import type { OrderJson } from "~/features/orders/orders";
import { statusLabel } from "~/features/orders/status";

export interface StatusMail {
  to: string;
  subject: string;
  text: string;
}

const NEWS: Record<string, string> = {
  processing: "We have started making it.",
  shipped: "It is on its way to you.",
  delivered: "It has been delivered. We hope you love it.",
  cancelled:
    "It has been cancelled. If you did not expect this, reply to this mail and we will help.",
};

/** The shopper's mail for the order's current status; null when the order has no email to write to. */
export function statusMail(
  order: OrderJson,
  shop: { name: string; siteUrl: string },
): StatusMail | null {
  const to = (order.shippingName.email || order.billingName.email).trim();
  if (!to) return null;
  const label = statusLabel(order.status);
  const lines = [
    `Hello ${order.shippingName.firstName || order.billingName.firstName || "there"},`,
    "",
    `Your order ${order.id} is now ${label}. ${NEWS[order.status] ?? ""}`.trimEnd(),
  ];
  if (order.status === "shipped") {
    if (order.shipping.trackingNumber)
      lines.push(`Tracking number: ${order.shipping.trackingNumber}`);
    if (order.shipping.cost > 0) lines.push(`Shipping cost: ${formatInr(order.shipping.cost)}`);
  }
  lines.push(
    "",
    `See your order: ${shop.siteUrl}/my-orders/${encodeURIComponent(order.id)}`,
    "",
    `Thank you for shopping with ${shop.name}.`,
  );
  return {
    to,
    subject: `${shop.name}: your order ${order.id} is ${label}`,
    text: lines.join("\n"),
  };
}

/**
 * The owner's move to shipped or delivered as a WhatsApp template's parameters (decision 0237);
 * null for the other statuses (they have no WhatsApp event).
 */
export function statusWhatsapp(
  order: OrderJson,
  email: string,
  shop: { siteUrl: string },
): { event: "shipped" | "delivered"; email: string; params: string[] } | null {
  const name = order.shippingName.firstName || order.billingName.firstName || "there";
  const link = `${shop.siteUrl}/my-orders/${encodeURIComponent(order.id)}`;
  if (order.status === "delivered")
    return { event: "delivered", email, params: [name, order.id, link] };
  if (order.status !== "shipped") return null;
  const awb = order.shipping.trackingNumber || "-";
  return { event: "shipped", email, params: [name, order.id, "our courier", awb, link] };
}
