/**
 * Floods of pending orders (docs/decisions/0072-order-floods-and-rate-limits.md), called by the
 * handlers of POST /create-order and POST /v2/quotes/{token}/pay around the order store:
 *  - before: checkout attempts are counted per account and per client address (429 over the limit);
 *  - after: the attempt just answered replaces the oldest of the shopper's (or the quote link's)
 *    other open orders, so each has at most MAX_OPEN_ORDERS waiting for payment.
 */
import type { APIContext } from "astro";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { env } from "~/server/env";
import { keepCallerRead, type Identity } from "~/server/auth/auth.server";
import { clientKey } from "~/server/http";
import { limitAllOrRefuse } from "~/server/rate-limit-answer.server";
import { expireOrder } from "./payment-record.server";

/** Open (pending, unpaid) orders one shopper, or one quote link, may have at once. */
export const MAX_OPEN_ORDERS = 3;

export const TOO_MANY_FROM_ACCOUNT = "Too many checkout attempts from your account.";
export const TOO_MANY_FROM_ADDRESS = "Too many checkout attempts from your network.";

/**
 * One checkout attempt of `uid` (null: a quote paid without signing in) from this client: 429 over
 * the limits. Both counts are one statement (decision 0150); the account's refusal is said first.
 * With `caller` (the verified identity of a request not yet past requireUser), the same statement
 * reads the caller's role, kept for that requireUser (decision 0313).
 */
export async function limitCheckoutAttempts(
  db: Db,
  context: APIContext,
  uid: string | null,
  caller?: Identity,
): Promise<void> {
  const e = env();
  const address = {
    key: `order:ip:${clientKey(context, e.TRUST_PROXY)}`,
    limit: e.ORDER_LIMIT_PER_ADDRESS,
    what: TOO_MANY_FROM_ADDRESS,
  };
  const role = await limitAllOrRefuse(
    db,
    uid
      ? [
          { key: `order:uid:${uid}`, limit: e.ORDER_LIMIT_PER_HOUR, what: TOO_MANY_FROM_ACCOUNT },
          address,
        ]
      : [address],
    caller?.uid,
  );
  if (caller) keepCallerRead(context.request, caller, role ?? null);
}

/** Whose open orders an answered order counts among: the shopper's catalogue orders, or its quote's. */
export interface OpenOrderScope {
  id: string;
  userId: string;
  quoteId: string | null;
}

/** The scope of a stored order (for callers that know only its id); null when there is none. */
export async function openOrderScope(db: Db, orderId: string): Promise<OpenOrderScope | null> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, quoteId: orders.quoteId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The order `order.id` (just answered to a checkout or quote payment) and the newest other open
 * orders of the same scope (the shopper's catalogue orders, or the quote's orders) stay, up to
 * MAX_OPEN_ORDERS; older ones are replaced: cancelled now with payment Expired (expireOrder: only a
 * still pending, unpaid one). A payment that completes on one of them anyway is still recorded (a
 * late payment, decision 0014). Answers the ids it replaced. `known`: the scope's open orders,
 * newest first, as the order's own transaction read them under the cart lock (a checkout, decision
 * 0313); without it they are read here.
 */
export async function replaceOtherOpenOrders(
  db: Db,
  order: OpenOrderScope | null,
  now = new Date(),
  known?: readonly string[],
): Promise<string[]> {
  if (!order) return [];
  const orderId = order.id;
  if (known)
    return expireEach(db, known.filter((id) => id !== orderId).slice(MAX_OPEN_ORDERS - 1), now);
  const scope = order.quoteId
    ? eq(orders.quoteId, order.quoteId)
    : and(eq(orders.userId, order.userId), eq(orders.kind, "catalogue"));
  const older = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(scope, ne(orders.id, orderId), eq(orders.status, "pending"), isNull(orders.paidAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(MAX_OPEN_ORDERS - 1);
  return expireEach(
    db,
    older.map(({ id }) => id),
    now,
  );
}

/** Expires each of these orders still pending and unpaid (expireOrder); answers those it did. */
async function expireEach(db: Db, ids: readonly string[], now: Date): Promise<string[]> {
  const replaced: string[] = [];
  for (const id of ids) if (await expireOrder(db, id, now)) replaced.push(id);
  return replaced;
}
