/**
 * The shopper's order list and detail (docs/product.md §2 My orders, Customer order detail): the spec's texts,
 * the search and status filter, dates and badge colours. Pure; shared by the pages and the island.
 */
import type { PostalAddress } from "~/lib/address";
import { choiceValues } from "~/lib/variant-choice";
import type { OrderJson } from "./orders";
import { normaliseStatus, type OrderStatus } from "./status";

export const ORDER_TEXTS = {
  noMatch: "No orders found matching your filters.",
  noOrder: "No order selected.",
  noOrdersYet: "You have no orders yet.",
  shippingNote: "Shipping charges are calculated and charged when your order is ready to dispatch.",
  loadFailed: "Failed to load orders",
  /** The date she entered at checkout or on the quote (decision 0210). */
  neededBy: (date: string) => `Needed by ${date}`,
} as const;

/** The status filter's choices (docs/product.md §2): all, pending, processing, shipped, delivered. */
export const STATUS_FILTERS = ["all", "pending", "processing", "shipped", "delivered"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * Orders whose number ("#1001" or "1001", decision 0208), id or one of whose product names contains `query` (case-insensitive, trimmed), and
 * whose status (unknown strings count as pending, docs/product.md §4) matches `status`. Order is kept.
 */
export function filterOrders<T extends Pick<OrderJson, "id" | "number" | "status" | "items">>(
  orders: readonly T[],
  query: string,
  status: StatusFilter,
): T[] {
  const needle = query.trim().toLowerCase();
  return orders.filter((order) => {
    if (status !== "all" && normaliseStatus(order.status) !== status) return false;
    if (!needle) return true;
    if (order.id.toLowerCase().includes(needle)) return true;
    if (`#${order.number}`.includes(needle.replace(/^#?\s*/, "#"))) return true;
    return order.items.some((item) => item.product.name.toLowerCase().includes(needle));
  });
}

/** Badge colours by status (an unknown string is coloured as pending). */
const BADGE: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-800",
  processing: "bg-sky-100 text-sky-800",
  shipped: "bg-indigo-100 text-indigo-800",
  delivered: "bg-resin-100 text-resin-700",
  cancelled: "bg-red-100 text-red-700",
};

export function badgeClass(status: string | null | undefined): string {
  return BADGE[normaliseStatus(status)];
}

/** The chosen variant values of a line, in the one order every screen uses ("Gloss · A4 (8 x 12 in)"). */
export function variantText(variant: Record<string, { value: string }>): string {
  return choiceValues(variant).join(" · ");
}

/** "12 MI Road, Flat 2, Jaipur, Rajasthan 302001, India" (empty parts left out). */
export function addressLine(a: PostalAddress): string {
  const cityLine = [a.state, a.zipCode].filter(Boolean).join(" ");
  return [a.address1, a.address2, a.city, cityLine, a.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/** Path of the detail page of an order. */
export const orderPath = (id: string) => `/my-orders/${encodeURIComponent(id)}`;
