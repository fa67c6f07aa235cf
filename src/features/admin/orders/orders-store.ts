/**
 * The portal's copy of the orders (a nanostore): loaded once with GET /v2/admin/allorders, kept when
 * the owner opens an order and comes back, and updated in place by every status change, so the
 * dashboard and the detail screen always agree. Nothing starts on import.
 */
import { atom } from "nanostores";
import { ApiError } from "../../../lib/api-client";
import { normaliseStatus } from "../../orders/status";
import { adminGet, adminPut } from "../shell/admin-api";
import type { AdminOrderJson, AdminTarget, OrderCounts } from "./orders-admin";
import { EMPTY_FILTER, replaceOrder, type OrderFilterInput } from "./orders-dashboard";
import type { StatusChangeBody } from "./order-status.schema";

/**
 * - loading: nothing to show yet;
 * - partial: the newest page and the server's counts are shown while every order loads (a shop
 *   with 10,000 orders shows its table in a fraction of a second, not after the whole list);
 * - ready: every order is here; filters, counts and pages work in memory;
 * - failed: the whole list could not be read (what was shown stays).
 */
export type OrdersState =
  | { state: "idle" | "loading"; orders: AdminOrderJson[] }
  | { state: "partial"; orders: AdminOrderJson[]; counts: OrderCounts }
  | { state: "ready"; orders: AdminOrderJson[]; loadedAt: number }
  | { state: "failed"; orders: AdminOrderJson[]; error: string };

export const $adminOrders = atom<OrdersState>({ state: "idle", orders: [] });

/** Rows of the first page shown while the whole list loads. */
const FIRST_PAGE = 50;
/** A list younger than this is not loaded again when the owner comes back to the dashboard. */
export const FRESH_MS = 60_000;

let inFlight: Promise<void> | null = null;
/** Orders moved while the whole list was on its way: the list may predate the move. */
const movedWhileLoading = new Map<string, AdminOrderJson>();

/**
 * Loads every order (concurrent callers share one request). Without orders to show yet, the newest
 * page and the counts are asked for at the same time and shown first. A failure keeps what was shown.
 */
export function loadAdminOrders(options: { force?: boolean } = {}): Promise<void> {
  const now = $adminOrders.get();
  if (!options.force && now.state === "ready" && Date.now() - now.loadedAt < FRESH_MS)
    return Promise.resolve();
  inFlight ??= (async () => {
    if ($adminOrders.get().orders.length === 0) {
      $adminOrders.set({ state: "loading", orders: [] });
      // First, so it is not queued behind the whole list on the server (one PGlite, one thread).
      try {
        const [orders, counts] = await Promise.all([
          adminGet<AdminOrderJson[]>(`/v2/admin/allorders?limit=${FIRST_PAGE}`),
          adminGet<OrderCounts>("/v2/admin/order-counts"),
        ]);
        $adminOrders.set({ state: "partial", orders, counts });
      } catch (error) {
        console.warn("[admin] the first page of orders could not be read", error);
      }
    }
    try {
      let orders = await adminGet<AdminOrderJson[]>("/v2/admin/allorders", { timeoutMs: 120_000 });
      for (const moved of movedWhileLoading.values()) orders = replaceOrder(orders, moved);
      $adminOrders.set({ state: "ready", orders, loadedAt: Date.now() });
    } catch (error) {
      console.error("[admin] loading the orders failed", error);
      $adminOrders.set({
        state: "failed",
        orders: $adminOrders.get().orders,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      movedWhileLoading.clear();
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
  if (inFlight) movedWhileLoading.set(order.id, order);
  const current = $adminOrders.get();
  const old = current.orders.find((o) => o.id === order.id);
  if (!old) return;
  const orders = replaceOrder(current.orders, order);
  if (current.state !== "partial") {
    $adminOrders.set({ ...current, orders });
    return;
  }
  // The server's counts stand in for the whole list until it arrives: move this order's count too.
  const counts = { ...current.counts };
  counts[normaliseStatus(old.status)]--;
  counts[normaliseStatus(order.status)]++;
  $adminOrders.set({ ...current, orders, counts });
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
export async function changeAdminOrderStatus(
  id: string,
  status: AdminTarget,
  body: StatusChangeBody = {},
): Promise<AdminOrderJson> {
  const hasBody = body.trackingNumber !== undefined || body.shippingCost !== undefined;
  const order = await adminPut<AdminOrderJson>(
    `/v2/admin/order/${encodeURIComponent(id)}?status=${status}`,
    hasBody ? body : undefined,
  );
  rememberOrder(order);
  return order;
}

/** The dashboard's filter and page, kept while the owner opens an order and comes back. */
export const $ordersFilter = atom<OrderFilterInput>(EMPTY_FILTER);
export const $ordersPage = atom(0);
