/**
 * The dashboard's logic (docs/product.md §2 Admin orders, §5 Admin filters), pure so it is tested without a
 * browser: the view (filters and page) read from and written to the address, the server queries it
 * asks (the server filters, sorts, counts and pages: docs/decisions/0053-admin-lists-on-the-server.md),
 * the count cards and the table's positions. Amounts are paise.
 */
import { rupeesToPaise } from "~/lib/money";
import type { OrderJson } from "~/features/orders/orders";
import { ORDER_STATUSES, statusLabel, type OrderStatus } from "~/features/orders/status";
import type { OrderCounts } from "./orders-admin";

export const DASHBOARD_TEXTS = {
  noMatch: "No orders found matching your filters.",
  noStatus: "Please Choose a status of order!",
  statusChanged: "Status Changed",
  loadFailed: "Failed to load orders",
  orderNotFound: "Order not found",
  orderLoadFailed: "Failed to load the order",
  /** A paid order's cancel from the status control (docs/decisions/0190-cancel-with-refund.md). */
  paidCancelNote: "This order is paid: Update cancels it and refunds everything paid.",
  paidCancelConfirm: "Cancel this order and refund everything paid?",
  cancelledRefunded: "Order cancelled, refund started",
} as const;

/** The refund's reason when the status control cancels a paid order. */
export const CANCEL_REFUND_REASON = "Order cancelled by the studio";

/** Rows per page: the browser holds one page, never the whole list. */
export const PAGE_SIZE = 50;

export interface OrdersView {
  /** The text boxes as typed: rupees. Blank means no bound; anything not an amount is ignored. */
  min: string;
  max: string;
  /** Id or customer name substring. */
  q: string;
  status: OrderStatus | "all";
  /** Newest first (docs/product.md §2 Admin orders), or by the promised dispatch date (the orders still to dispatch first). */
  sort: "newest" | "dispatch";
  /** 0-based. */
  page: number;
}

export const EMPTY_VIEW: OrdersView = {
  min: "",
  max: "",
  q: "",
  status: "all",
  sort: "newest",
  page: 0,
};

/** A bound typed in rupees ("499", "499.5") -> paise; undefined when blank or not an amount. */
export function amountBound(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return rupeesToPaise(text) ?? undefined;
}

/** The view an address names (`?status=shipped&q=asha&min=500&page=2`); anything odd is left out. */
export function readOrdersView(search: string): OrdersView {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    min: amountBound(params.get("min") ?? "") === undefined ? "" : params.get("min")!,
    max: amountBound(params.get("max") ?? "") === undefined ? "" : params.get("max")!,
    status: (ORDER_STATUSES as readonly string[]).includes(status)
      ? (status as OrderStatus)
      : "all",
    sort: params.get("sort") === "dispatch" ? "dispatch" : "newest",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address's query for a view ("" for the plain dashboard); the page is 1-based there. */
export function ordersSearch(view: OrdersView): string {
  const params = new URLSearchParams();
  if (view.status !== "all") params.set("status", view.status);
  if (view.q.trim()) params.set("q", view.q.trim());
  if (amountBound(view.min) !== undefined) params.set("min", view.min.trim());
  if (amountBound(view.max) !== undefined) params.set("max", view.max.trim());
  if (view.sort !== "newest") params.set("sort", view.sort);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Rupees as the API's query takes them ("499.5"), from what was typed; undefined when not an amount. */
const wireRupees = (text: string) => {
  const paise = amountBound(text);
  return paise === undefined ? undefined : String(paise / 100);
};

/** The filter the server applies (q, min, max), shared by the page and the counts. */
function filterParams(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set("q", view.q.trim());
  const min = wireRupees(view.min);
  const max = wireRupees(view.max);
  if (min !== undefined) params.set("min", min);
  if (max !== undefined) params.set("max", max);
  return params;
}

/** The two calls a view makes: one page of orders, and the counts per status under its filter. */
export function ordersRequests(view: OrdersView): { page: string; counts: string } {
  const counts = filterParams(view).toString();
  const page = filterParams(view);
  if (view.status !== "all") page.set("status", view.status);
  if (view.sort !== "newest") page.set("sort", view.sort);
  page.set("limit", String(PAGE_SIZE));
  page.set("offset", String(view.page * PAGE_SIZE));
  return {
    page: `/v2/admin/allorders?${page}`,
    counts: `/v2/admin/order-counts${counts ? `?${counts}` : ""}`,
  };
}

/** How many orders the view's table has in all: its status's count, or every status's. */
export function viewTotal(view: OrdersView, counts: OrderCounts): number {
  if (view.status !== "all") return counts[view.status];
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/**
 * The pager's figures for a page of `rows` rows out of `total` (null while the counts are on their
 * way: a full page then promises one more).
 */
export function pagePosition(page: number, rows: number, total: number | null) {
  const pages =
    total === null
      ? page + (rows === PAGE_SIZE ? 2 : 1)
      : Math.max(1, Math.ceil(total / PAGE_SIZE));
  return {
    page,
    pages,
    from: rows ? page * PAGE_SIZE + 1 : 0,
    to: page * PAGE_SIZE + rows,
    total,
  };
}

/** The names the owner may search by: shipping and billing, "first last". */
export function customerName(order: Pick<OrderJson, "shippingName">): string {
  return `${order.shippingName.firstName} ${order.shippingName.lastName}`.trim();
}

/** The count cards, in the order of docs/product.md §4, labelled as the owner reads them ('Waiting Payments'). */
export function countCards(
  counts: OrderCounts,
): { status: OrderStatus; label: string; count: number }[] {
  return ORDER_STATUSES.map((status) => ({
    status,
    label: statusLabel(status, "admin"),
    count: counts[status],
  }));
}

/**
 * The table's short form of an order id: its last 8 characters after an ellipsis
 * ("…5e6f7a8b"), enough to tell orders apart at a glance; the full id is in the title and the
 * copy button, and the search matches any part of it.
 */
export function shortOrderId(id: string): string {
  return id.length > 10 ? `…${id.slice(-8)}` : id;
}

/** Path of the owner's order detail. */
export const adminOrderPath = (id: string) => `/admin/order/${encodeURIComponent(id)}`;
