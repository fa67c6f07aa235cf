/**
 * The orders area's calls (docs/product.md §7 Admin), on the portal's one API client: a page of the
 * dashboard with its counts, one order, and the status change. Answer types are the ones the
 * server's code returns (orders-admin.ts).
 */
import { adminGet, adminPut } from "~/features/admin/shell/admin-api";
import { peekFirstAnswer } from "~/features/admin/shell/first-answer";
import type { AdminOrderJson, AdminTarget, OrderCounts } from "./orders-admin";
import { CANCEL_REFUND_REASON } from "./orders-dashboard";
import { postRefund } from "./refunds-client";
import { ordersRequests, type OrdersView } from "./orders-dashboard";
import type { StatusChangeBody } from "./order-status.schema";

/**
 * The counts last read, by their request: a page or sort change under the same filter reuses them
 * (counting 100,000 orders costs more than a page), a status change forgets them.
 */
let countsRead: { path: string; at: number; counts: Promise<OrderCounts> } | null = null;
/** Counts older than this are read again (another owner, a new order). */
const COUNTS_FRESH_MS = 30_000;

function countsOf(path: string): Promise<OrderCounts> {
  if (countsRead?.path === path && Date.now() - countsRead.at < COUNTS_FRESH_MS)
    return countsRead.counts;
  // Not tied to one load's signal: the next page's load may share it.
  const counts = adminGet<OrderCounts>(path);
  countsRead = { path, at: Date.now(), counts };
  counts.catch(() => {
    if (countsRead?.counts === counts) countsRead = null;
  });
  return counts;
}

/** Forgets the counts (after a status change, or Try again). */
export function forgetOrderCounts(): void {
  countsRead = null;
}

/** One page of the view (50 orders). */
export function fetchOrders(view: OrdersView, signal?: AbortSignal): Promise<AdminOrderJson[]> {
  return adminGet<AdminOrderJson[]>(ordersRequests(view).page, { signal });
}

/**
 * The page of the view the /admin document carried, before its load takes it (the first render
 * shows the rows already painted: docs/decisions/0153-admin-first-rows-as-html.md); else undefined.
 */
export function carriedOrders(view: OrdersView): AdminOrderJson[] | undefined {
  return peekFirstAnswer<AdminOrderJson[]>(ordersRequests(view).page);
}

/** The counts per status under the view's filter (q, min, max), reused across its pages. */
export function fetchOrderCounts(view: OrdersView): Promise<OrderCounts> {
  return countsOf(ordersRequests(view).counts);
}

/** GET /v2/admin/order/{id}; a 404 is thrown as ApiError (the screen reads it as missing). */
export function fetchAdminOrder(id: string, signal?: AbortSignal): Promise<AdminOrderJson> {
  return adminGet<AdminOrderJson>(`/v2/admin/order/${encodeURIComponent(id)}`, { signal });
}

/** PUT /v2/admin/order/{id}?status= ; answers the moved order. Throws ApiError. */
export function changeAdminOrderStatus(
  id: string,
  status: AdminTarget,
  body: StatusChangeBody = {},
): Promise<AdminOrderJson> {
  const hasBody = body.trackingNumber !== undefined || body.shippingCost !== undefined;
  forgetOrderCounts();
  return adminPut<AdminOrderJson>(
    `/v2/admin/order/${encodeURIComponent(id)}?status=${status}`,
    hasBody ? body : undefined,
  );
}

/**
 * A paid order cancelled from the status control: cancelled and refunded in full in one step, as
 * "Cancel order and refund in full" does (docs/decisions/0190-cancel-with-refund.md). Answers the
 * cancelled order.
 */
export async function cancelWithRefund(id: string, restock?: boolean): Promise<AdminOrderJson> {
  forgetOrderCounts();
  await postRefund(id, {
    reason: CANCEL_REFUND_REASON,
    cancel: true,
    ...(restock === undefined ? {} : { restock }),
  });
  return fetchAdminOrder(id);
}
