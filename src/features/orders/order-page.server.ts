/**
 * What the shopper's order pages render on the server (docs/product.md §2 My orders, Customer order detail),
 * in the one page-load shape (src/server/page-load.ts, decision 0019): the caller's orders, or one
 * order of theirs (reload-safe: read from the database, not from the navigation), or that there is
 * no such order of theirs (404, 'No order selected.'), or that it could not be read (503 with a
 * toast), so a database hiccup is never shown as a missing order.
 */
import type { DbOrTx } from "~/server/db/client";
import { readPage, type Failed, type Found, type PageLoad } from "~/server/page-load";
import type { OrderJson } from "./orders";
import { loadOrder, loadOrdersOfUser } from "./orders.server";
import { shippingChargeDue } from "./order-payments.server";
import { loadPayNow, type PayNow } from "./pay-now.server";

/** The list is never "missing": a shopper without orders gets an empty list. */
export type OrdersPageState = Found<{ orders: OrderJson[] }> | Failed;
export type ShippingDue = Awaited<ReturnType<typeof shippingChargeDue>>;
export type OrderPageState = PageLoad<{
  order: OrderJson;
  payNow: PayNow | null;
  /** A shipping charge asked for and unpaid (decision 0205), else null. */
  shippingDue: ShippingDue;
}>;

/** Order ids are short opaque strings (letters, digits, '_' and '-'); anything else is no order. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** `verifiedEmail`: the session's email when verified, so custom orders paid under it show (decision 0047). */
export function loadMyOrdersPage(
  openDb: () => Promise<DbOrTx>,
  uid: string,
  verifiedEmail?: string | null,
): Promise<OrdersPageState> {
  return readPage("my orders", async () => ({
    state: "found" as const,
    status: 200 as const,
    orders: await loadOrdersOfUser(await openDb(), uid, verifiedEmail),
  }));
}

export async function loadMyOrderPage(
  openDb: () => Promise<DbOrTx>,
  uid: string,
  rawId: string | undefined,
  verifiedEmail?: string | null,
): Promise<OrderPageState> {
  if (!rawId || !ORDER_ID.test(rawId)) return { state: "missing", status: 404 };
  return readPage(`order page ${JSON.stringify(rawId)}`, async () => {
    const db = await openDb();
    const order = await loadOrder(db, rawId, uid, verifiedEmail);
    if (!order) return { state: "missing" as const, status: 404 as const };
    // Only after loadOrder found it theirs: the payment session is the shopper's own.
    const payNow = order.status === "pending" ? await loadPayNow(db, order.id) : null;
    const shippingDue =
      order.status === "processing" ? await shippingChargeDue(db, order.id) : null;
    return { state: "found" as const, status: 200 as const, order, payNow, shippingDue };
  });
}
