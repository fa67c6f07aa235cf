/**
 * What an order's page says about where it stands (docs/decisions/0076-order-pages.md): a pending
 * order says when it lapses unless paid, a cancelled one since when, a shipped one its tracking
 * number, a delivered one when it arrived. Pure, for the page and its tests.
 */
import { indiaDateTime } from "~/lib/dates";
import type { OrderJson } from "./orders";

export interface OrderStateNote {
  tone: "waiting" | "ended" | "moving" | "done";
  title: string;
  lines: string[];
}

type StateInput = Pick<
  OrderJson,
  "status" | "timeline" | "updatedAt" | "paymentExpiresAt" | "shipping" | "payment"
>;

export function orderStateNote(order: StateInput, now = new Date()): OrderStateNote | null {
  const { status, timeline } = order;
  if (status === "pending") {
    const expires = order.paymentExpiresAt ? new Date(order.paymentExpiresAt) : null;
    if (!expires || expires.getTime() <= now.getTime())
      return {
        tone: "ended",
        title: "Payment not received",
        lines: [
          "This order was not paid in time and will be cancelled shortly. Nothing was charged.",
        ],
      };
    return {
      tone: "waiting",
      title: "Waiting for payment",
      lines: [
        `Unless it is paid, this order will be cancelled on ${indiaDateTime(order.paymentExpiresAt!)} (India time).`,
      ],
    };
  }
  if (status === "cancelled")
    return {
      tone: "ended",
      title: "Order cancelled",
      lines: [`Cancelled on ${indiaDateTime(timeline.cancelled ?? order.updatedAt)}.`],
    };
  if (status === "shipped") {
    const lines = timeline.shipped ? [`Shipped on ${indiaDateTime(timeline.shipped)}.`] : [];
    lines.push(
      order.shipping.trackingNumber
        ? `Tracking number: ${order.shipping.trackingNumber}`
        : "The tracking number will show here once the studio adds it.",
    );
    return { tone: "moving", title: "On its way", lines };
  }
  if (status === "delivered")
    return {
      tone: "done",
      title: "Delivered",
      lines: [
        timeline.delivered ? `Arrived on ${indiaDateTime(timeline.delivered)}.` : "Arrived.",
        ...(order.shipping.trackingNumber
          ? [`Tracking number: ${order.shipping.trackingNumber}`]
          : []),
      ],
    };
  return null;
}

/** Payment status labels as the shopper reads them (the stored values are the provider's words). */
export function paymentStatusLabel(status: string): string {
  return status.trim() || "Pending";
}
