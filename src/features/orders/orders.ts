/**
 * The order as the API and the islands see it (docs/product.md §3 Order and Order item). Pure types, safe in
 * the browser. Amounts are integer paise here as everywhere inside; the API boundary turns them
 * into rupees on the wire (docs/decisions/0003-money-in-paise.md).
 */
import type { PersonalisedValue } from "~/lib/personalisation-types";
import type { OrderAddress, PersonName } from "~/lib/address";
import type { VariantChoice } from "~/lib/variant-choice";
import type { OrderStatus } from "./status";

export type OrderPerson = PersonName;
export type OrderAddressJson = OrderAddress;

export interface OrderItemJson {
  id: string;
  productId: string | null;
  product: { name: string; image: string; weight: number };
  /** Variant name -> the chosen option (its additional price in paise). */
  variant: VariantChoice;
  quantity: number;
  /** Unit price in paise, as sold. */
  price: number;
  productNote: string;
  /** The filled personalisation fields as ordered (decision 0229); absent: none. */
  personalisation?: PersonalisedValue[];
}

export interface OrderJson {
  id: string;
  /** The human order number, shown as #1001 (decision 0208). */
  number: number;
  createdAt: string;
  updatedAt: string;
  status: OrderStatus | string;
  userId: string;
  items: OrderItemJson[];
  pricing: {
    subtotal: number;
    discount: number;
    shipping: number;
    total: number;
    /** What was paid toward the order so far (its payments, decision 0204), when read. */
    amountPaid?: number;
  };
  shippingName: OrderPerson;
  billingName: OrderPerson;
  shippingAddress: OrderAddressJson;
  billingAddress: OrderAddressJson;
  payment: { method: string; status: string; transactionId: string; amount: number };
  shipping: { method: string; cost: number; trackingNumber: string };
  coupon: { code: string; discount: number };
  notes: string;
  /** status -> ISO timestamp of when the order reached it. */
  timeline: Record<string, string>;
  /** Custom work (docs/decisions/0045, 0046); fields added, none renamed. */
  /** catalogue, custom (a paid quote) or shipping (a quote's shipping charge). */
  kind: "catalogue" | "custom" | "shipping";
  /** The quote a custom order pays, else null. */
  quoteId: string | null;
  /** ISO: the promised dispatch date, set at payment (paid + the processing window's last day); null before. */
  promisedDispatchAt: string | null;
  /** India day "YYYY-MM-DD" the customer said she needs it by, or null (decision 0210). */
  neededBy: string | null;
  /** Still processing after the promised dispatch date. */
  late: boolean;
  /** ISO: when an unpaid (pending) order lapses and is cancelled; null when there is no deadline. */
  paymentExpiresAt: string | null;
}

/**
 * What shipping cost, once a charge is known: charged at dispatch (docs/product.md §9 policy), so known
 * when the shipping charge's link was paid or the owner entered a cost; null otherwise, shipped or not
 * (a booked or picked-up parcel says nothing of the charge; docs/decisions/0076-order-pages.md).
 */
export function shippingCharged(order: Pick<OrderJson, "shipping">): number | null {
  return order.shipping.cost > 0 ? order.shipping.cost : null;
}

/** An order's pricing as its pages read it: shipping when known, amountPaid once the payments are read. */
export interface ShownPricing {
  subtotal: number;
  discount: number;
  shipping?: number;
  total: number;
  amountPaid?: number;
}

/**
 * The totals an order's page shows (docs/decisions/0204-an-order-and-its-payments.md): the total is
 * always the sum of the lines shown above it, subtotal - discount + shipping, where shipping is the
 * charge once known (paid through its link later, or entered at dispatch), else the order's own.
 */
export function shownTotals(
  pricing: ShownPricing,
  shippingCharged: number | null,
): { subtotal: number; discount: number; shipping: number; total: number } {
  const own = pricing.shipping ?? 0;
  const shipping = shippingCharged ?? own;
  return {
    subtotal: pricing.subtotal,
    discount: pricing.discount,
    shipping,
    total: pricing.total - own + shipping,
  };
}

/**
 * Paid so far and still due, under the shown total (decisions 0204, 0212): a deposit's order is
 * the piece at its price with the advance paid and the balance due. Null when nothing is paid yet
 * (the order is not placed) or the payments are not known; due is never below zero.
 */
export function paidAndDue(
  pricing: ShownPricing,
  shippingCharged: number | null,
): { paid: number; due: number } | null {
  if (pricing.amountPaid === undefined || pricing.amountPaid <= 0) return null;
  const { total } = shownTotals(pricing, shippingCharged);
  return { paid: pricing.amountPaid, due: Math.max(0, total - pricing.amountPaid) };
}

/** Whether an order is late: paid, not yet shipped, past its promised dispatch date. */
export function isLate(
  order: { status: string; promisedDispatchAt: string | null },
  now = new Date(),
): boolean {
  return (
    order.status === "processing" &&
    order.promisedDispatchAt !== null &&
    new Date(order.promisedDispatchAt).getTime() < now.getTime()
  );
}

/** How the order number is written everywhere: "#1001" (decision 0208). */
export function orderNumberLabel(order: Pick<OrderJson, "number">): string {
  return `#${order.number}`;
}
