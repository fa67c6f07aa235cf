/**
 * What the shopper's order pages render on the server (SPEC §2 My orders, Customer order detail):
 * the caller's orders, or one order of theirs (reload-safe: read from the database, not from the
 * navigation), or that it is not theirs / not there (404), or that it could not be read (503, with
 * a toast), so a database hiccup is never shown as 'No order selected.'.
 */
import type { DbOrTx } from "../../server/db/client";
import type { OrderJson } from "./orders";
import { loadOrder, loadOrdersOfUser } from "./orders.server";

export type OrdersPageState = { state: "found"; status: 200; orders: OrderJson[] } | { state: "failed"; status: 503 };
export type OrderPageState =
  | { state: "found"; status: 200; order: OrderJson }
  | { state: "missing"; status: 404 }
  | { state: "failed"; status: 503 };

/** Order ids are short opaque strings; anything else cannot be an order. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loadMyOrdersPage(openDb: () => Promise<DbOrTx>, uid: string): Promise<OrdersPageState> {
  try {
    return { state: "found", status: 200, orders: await loadOrdersOfUser(await openDb(), uid) };
  } catch (error) {
    console.error(`my orders: could not load the orders of ${uid}:`, error);
    return { state: "failed", status: 503 };
  }
}

export async function loadMyOrderPage(openDb: () => Promise<DbOrTx>, uid: string, rawId: string | undefined): Promise<OrderPageState> {
  if (!rawId || !ORDER_ID.test(rawId)) return { state: "missing", status: 404 };
  try {
    const order = await loadOrder(await openDb(), rawId, uid);
    return order ? { state: "found", status: 200, order } : { state: "missing", status: 404 };
  } catch (error) {
    console.error(`order page: could not load ${JSON.stringify(rawId)}:`, error);
    return { state: "failed", status: 503 };
  }
}
