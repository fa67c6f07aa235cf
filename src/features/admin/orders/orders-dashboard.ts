/**
 * The dashboard's logic (SPEC §2 Admin orders, §5 Admin filters), pure so it is tested without a
 * browser: the counts per status, the in-memory filter (amount range; name or id substring, any
 * case) and the table's pages. Amounts are paise.
 */
import { rupeesToPaise } from "../../../lib/money";
import type { OrderJson } from "../../orders/orders";
import {
  ORDER_STATUSES,
  normaliseStatus,
  statusLabel,
  type OrderStatus,
} from "../../orders/status";
import type { OrderCounts } from "./orders-admin";

export const DASHBOARD_TEXTS = {
  noMatch: "No orders found matching your filters.",
  noStatus: "Please Choose a status of order!",
  statusChanged: "Status Changed",
  loadFailed: "Failed to load orders",
  orderNotFound: "Order not found",
} as const;

/** Rows per page of the table: 10,000 orders render as pages, never as one 10,000-row table. */
export const PAGE_SIZE = 50;

export interface OrderFilterInput {
  /** The text boxes as typed: rupees. Blank means no bound; anything not a number is ignored. */
  min: string;
  max: string;
  /** Id or customer name substring. */
  q: string;
  status: OrderStatus | "all";
  /** Newest first (SPEC), or by the promised dispatch date: the orders still to dispatch first, soonest (and late) on top. */
  sort: "newest" | "dispatch";
}

export const EMPTY_FILTER: OrderFilterInput = {
  min: "",
  max: "",
  q: "",
  status: "all",
  sort: "newest",
};

/** A bound typed in rupees ("499", "499.5") -> paise; undefined when blank or not an amount. */
export function amountBound(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return rupeesToPaise(text) ?? undefined;
}

/** The names the owner may search by: shipping and billing, "first last". */
export function customerName(order: Pick<OrderJson, "shippingName">): string {
  return `${order.shippingName.firstName} ${order.shippingName.lastName}`.trim();
}

type Filterable = Pick<OrderJson, "id" | "status" | "pricing" | "shippingName" | "billingName"> &
  Dispatchable;

/** An order's dispatch promise (absent on orders from before it existed). */
type Dispatchable = Pick<OrderJson, "status"> & { promisedDispatchAt?: string | null };

/** A predicate for the filter, built once per filter change (the needle is lower-cased once). */
export function orderMatcher(filter: OrderFilterInput): (order: Filterable) => boolean {
  const min = amountBound(filter.min);
  const max = amountBound(filter.max);
  const needle = filter.q.trim().toLowerCase();
  return (order) => {
    if (filter.status !== "all" && normaliseStatus(order.status) !== filter.status) return false;
    if (min !== undefined && order.pricing.total < min) return false;
    if (max !== undefined && order.pricing.total > max) return false;
    if (!needle) return true;
    if (order.id.toLowerCase().includes(needle)) return true;
    const names = [order.shippingName, order.billingName].map((n) =>
      `${n.firstName} ${n.lastName}`.toLowerCase(),
    );
    return names.some((name) => name.includes(needle));
  };
}

export function filterAdminOrders<T extends Filterable>(
  orders: readonly T[],
  filter: OrderFilterInput,
): T[] {
  const kept = orders.filter(orderMatcher(filter));
  return filter.sort === "dispatch" ? byDispatchDate(kept) : kept;
}

/** The dispatch date an order still waits for (paid, not shipped), or null. */
function awaitedDispatch(order: Dispatchable): number | null {
  if (normaliseStatus(order.status) !== "processing" || !order.promisedDispatchAt) return null;
  const at = Date.parse(order.promisedDispatchAt);
  return Number.isNaN(at) ? null : at;
}

/**
 * Orders still to dispatch first, the soonest promised date on top (so the late ones lead); then
 * every other order in the order it came (newest first). Stable, and the input is left alone.
 */
export function byDispatchDate<T extends Dispatchable>(orders: readonly T[]): T[] {
  const waiting = orders.filter((order) => awaitedDispatch(order) !== null);
  waiting.sort((a, b) => awaitedDispatch(a)! - awaitedDispatch(b)!);
  return [...waiting, ...orders.filter((order) => awaitedDispatch(order) === null)];
}

/** Orders per status; an unknown status counts as pending (decision 0006). */
export function countByStatus(orders: readonly Pick<OrderJson, "status">[]): OrderCounts {
  const counts: OrderCounts = { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 };
  for (const order of orders) counts[normaliseStatus(order.status)]++;
  return counts;
}

/** The count cards, in the order of SPEC §4, labelled as the owner reads them ('Waiting Payments'). */
export function countCards(
  counts: OrderCounts,
): { status: OrderStatus; label: string; count: number }[] {
  return ORDER_STATUSES.map((status) => ({
    status,
    label: statusLabel(status, "admin"),
    count: counts[status],
  }));
}

export interface Page<T> {
  rows: T[];
  /** 0-based, clamped to the last page. */
  page: number;
  pages: number;
  /** 1-based positions of the first and last row shown (0 and 0 when empty). */
  from: number;
  to: number;
}

export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const at = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  const slice = rows.slice(at * size, at * size + size);
  return {
    rows: slice,
    page: at,
    pages,
    from: slice.length ? at * size + 1 : 0,
    to: at * size + slice.length,
  };
}

/** Replaces one order in a list by id (after a status change); the list is copied, order kept. */
export function replaceOrder<T extends { id: string }>(orders: readonly T[], next: T): T[] {
  return orders.map((order) => (order.id === next.id ? next : order));
}

/** Path of the owner's order detail. */
export const adminOrderPath = (id: string) => `/admin/order/${encodeURIComponent(id)}`;
