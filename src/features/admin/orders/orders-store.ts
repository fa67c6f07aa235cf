/**
 * The portal's copy of the orders (a nanostore): loaded once with GET /v2/admin/allorders, kept when
 * the owner opens an order and comes back, and updated in place by every status change, so the
 * dashboard and the detail screen always agree. Nothing starts on import.
 */
import { atom } from "nanostores";
import { ApiError } from "../../../lib/api-client";
import { adminGet, adminPut } from "../shell/admin-api";
import type { AdminOrderJson, AdminTarget } from "./orders-admin";
import { EMPTY_FILTER, replaceOrder, type OrderFilterInput } from "./orders-dashboard";
import type { StatusChangeBody } from "./order-status.schema";

export type OrdersState =
  | { state: "idle" | "loading"; orders: AdminOrderJson[] }
  | { state: "ready"; orders: AdminOrderJson[] }
  | { state: "failed"; orders: AdminOrderJson[]; error: string };

export const $adminOrders = atom<OrdersState>({ state: "idle", orders: [] });

let inFlight: Promise<void> | null = null;

/** Loads (or reloads) every order; concurrent callers share one request. A failure keeps what was shown. */
export function loadAdminOrders(): Promise<void> {
  inFlight ??= (async () => {
    const before = $adminOrders.get();
    if (before.state !== "ready") $adminOrders.set({ state: "loading", orders: before.orders });
    try {
      const orders = await adminGet<AdminOrderJson[]>("/v2/admin/allorders");
      $adminOrders.set({ state: "ready", orders });
    } catch (error) {
      console.error("[admin] loading the orders failed", error);
      $adminOrders.set({ state: "failed", orders: $adminOrders.get().orders, error: error instanceof Error ? error.message : String(error) });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** The order with `id` among those loaded, if any. */
export function cachedOrder(id: string): AdminOrderJson | undefined {
  return $adminOrders.get().orders.find((order) => order.id === id);
}

/** Puts a fresher copy of one order into the list (when the list holds it). */
export function rememberOrder(order: AdminOrderJson): void {
  const current = $adminOrders.get();
  if (current.orders.some((o) => o.id === order.id)) $adminOrders.set({ ...current, orders: replaceOrder(current.orders, order) });
}

/** One order from the server (a reload or a shared link); null when it does not exist. */
export async function fetchAdminOrder(id: string): Promise<AdminOrderJson | null> {
  try {
    const order = await adminGet<AdminOrderJson>(`/v2/admin/order/${encodeURIComponent(id)}`);
    rememberOrder(order);
    return order;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /v2/admin/order/{id}?status= ; answers the moved order and updates the list. Throws ApiError. */
export async function changeAdminOrderStatus(id: string, status: AdminTarget, body: StatusChangeBody = {}): Promise<AdminOrderJson> {
  const hasBody = body.trackingNumber !== undefined || body.shippingCost !== undefined;
  const order = await adminPut<AdminOrderJson>(`/v2/admin/order/${encodeURIComponent(id)}?status=${status}`, hasBody ? body : undefined);
  rememberOrder(order);
  return order;
}

/** The dashboard's filter and page, kept while the owner opens an order and comes back. */
export const $ordersFilter = atom<OrderFilterInput>(EMPTY_FILTER);
export const $ordersPage = atom(0);
