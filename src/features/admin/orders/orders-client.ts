/**
 * The orders area's calls (SPEC §7 Admin), on the portal's one API client: a page of the
 * dashboard with its counts, one order, and the status change. Answer types are the ones the
 * server's code returns (orders-admin.ts).
 */
import { adminGet, adminPut } from "../shell/admin-api";
import type { AdminOrderJson, AdminTarget, OrderCounts } from "./orders-admin";
import { ordersRequests, type OrdersView } from "./orders-dashboard";
import type { StatusChangeBody } from "./order-status.schema";

export interface OrdersPage {
  orders: AdminOrderJson[];
  counts: OrderCounts;
}

/** One page of the view and the counts under its filter, asked for together. */
export async function fetchOrdersPage(view: OrdersView, signal?: AbortSignal): Promise<OrdersPage> {
  const { page, counts } = ordersRequests(view);
  const [orders, countsAnswer] = await Promise.all([
    adminGet<AdminOrderJson[]>(page, { signal }),
    adminGet<OrderCounts>(counts, { signal }),
  ]);
  return { orders, counts: countsAnswer };
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
  return adminPut<AdminOrderJson>(
    `/v2/admin/order/${encodeURIComponent(id)}?status=${status}`,
    hasBody ? body : undefined,
  );
}
