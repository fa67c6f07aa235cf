/**
 * The thank-you page after paying (docs/decisions/0209-thank-you-page.md): what was bought, what
 * happens next and when it dispatches, under the order's number. Pure texts and rules, for the
 * page and its tests.
 */
import { indiaDate } from "~/lib/dates";
import { ORDER_TEXTS } from "./order-list";
import { orderNumberLabel, type OrderJson } from "./orders";

export const THANK_YOU_TEXTS = {
  title: "Thank you for your order",
  lead: (number: string) =>
    `Your order number is ${number}. Quote it when you call or write to us about this order.`,
  bought: "What you bought",
  next: "What happens next",
  dispatch: "When it dispatches",
  dispatchBy: (date: string) => `We will dispatch it by ${date}.`,
  dispatchUnknown:
    "The dispatch date shows on your order page as soon as your payment is confirmed.",
  paid: "We have received your payment.",
  notYetPaid:
    "Your payment is not confirmed yet. If it went through, this page and your order page update within a few minutes.",
  parcel:
    "Send us your garland: where to send it, the reference to write on the parcel and the last day to send it are below.",
  made: "We make your piece by hand; each step shows on your order page.",
  tracking: "When it is on its way, we email you the tracking number.",
  viewOrder: "View this order",
  allOrders: "All my orders",
  shopMore: "Continue shopping",
} as const;

/** The path of an order's thank-you page, where a verified payment lands. */
export const thankYouPath = (id: string) => `/my-orders/${encodeURIComponent(id)}/thank-you`;

export interface ThankYouView {
  lead: string;
  next: string[];
  dispatch: string;
}

/** What the page says for this order; `expectsParcel` when she sends us her flowers. */
export function thankYouView(
  order: Pick<OrderJson, "number" | "status" | "promisedDispatchAt">,
  expectsParcel: boolean,
): ThankYouView {
  const paid = order.status !== "pending" && order.status !== "cancelled";
  const next = [
    paid ? THANK_YOU_TEXTS.paid : THANK_YOU_TEXTS.notYetPaid,
    ...(expectsParcel ? [THANK_YOU_TEXTS.parcel] : []),
    THANK_YOU_TEXTS.made,
    ORDER_TEXTS.shippingNote,
    THANK_YOU_TEXTS.tracking,
  ];
  return {
    lead: THANK_YOU_TEXTS.lead(orderNumberLabel(order)),
    next,
    dispatch: order.promisedDispatchAt
      ? THANK_YOU_TEXTS.dispatchBy(indiaDate(order.promisedDispatchAt))
      : THANK_YOU_TEXTS.dispatchUnknown,
  };
}
