/**
 * The one way an order is stored, whatever made it: a cart at checkout, a paid quote, a shipping
 * charge, and the kinds to come. The caller locks what it sells (the cart, the quote) and hands the
 * order's content over; this module owns the rules every order follows
 * (docs/decisions/0061-one-order-store.md, 0014, 0046):
 *  - an attempt is answered once: the same idempotency key (unique per user) answers the order it
 *    made, or a 409 when that order was for another quote; without a key, or with a fresh one, the
 *    same content while its order is still payable answers that order too;
 *  - the order starts pending (payment Pending, UPI, standard shipping at 0, shipping charged at
 *    dispatch), payable until the provider order's expiry or the caller's cap (a quote's expiry);
 *  - the dispatch promise: `dispatch_days` is the slowest line's processing window (0046).
 */
import type { PersonalisedValue } from "~/lib/personalisation-types";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { HttpError } from "~/server/http";
import { orders } from "~/server/db/schema";
import { paymentConfig } from "~/server/payments/config.server";
import type { OrderAddress, PersonName } from "~/lib/address";
import type { VariantChoice } from "~/lib/variant-choice";
import { orderTotals, PAYMENT_STATUS } from "./order-rules";
import * as ahead from "./earlier-attempts.server";
import { type OrderLineValues, type OrderValues, writeOrder } from "./order-write.server";

export type StoredOrder = typeof orders.$inferSelect;
export type OrderKind = StoredOrder["kind"];

/**
 * What an attempt needs of its order (the provider half, the code hold, the answer): read and
 * returned instead of the whole wide row, whose mapping was a large part of a checkout's CPU
 * (docs/decisions/0150-fewer-statements-per-write.md).
 */
const ORDER_HEAD = {
  id: orders.id,
  kind: orders.kind,
  userId: orders.userId,
  quoteId: orders.quoteId,
  claimEmail: orders.claimEmail,
  status: orders.status,
  totalPaise: orders.totalPaise,
  couponCode: orders.couponCode,
  couponDiscountPaise: orders.couponDiscountPaise,
  paymentSessionId: orders.paymentSessionId,
  returnPath: orders.returnPath,
  expiresAt: orders.expiresAt,
} as const;
export type OrderHead = Pick<StoredOrder, keyof typeof ORDER_HEAD>;

/** A line as sold: a snapshot (a later product edit changes nothing). No product: a custom piece. */
export interface NewOrderLine {
  productId: string | null;
  name: string;
  image: string;
  weightGrams: number;
  /** Days to make it ready: the order's promise is its slowest line's (decision 0046). */
  processingDays: number;
  variant: VariantChoice;
  quantity: number;
  pricePaise: number;
  productNote: string;
  /** The filled personalisation fields, checked by the cart (decision 0229); absent: none. */
  personalisation?: PersonalisedValue[];
}

export interface NewOrder {
  kind: OrderKind;
  userId: string;
  quoteId: string | null;
  /** A quote paid without an account: the payer's email, which may see it once verified (0047). */
  claimEmail: string;
  person: PersonName;
  address: OrderAddress;
  lines: readonly NewOrderLine[];
  notes: string;
  /** Where the payment page sends the browser back ('' or absent: /verify-order/{id}). */
  returnPath?: (orderId: string) => string;
  /** The order cannot be paid after this (a quote's own expiry); the provider's expiry otherwise. */
  payableUntil?: Date;
  /** A discount code as the server priced it: `lineDiscounts` (one per line) sum to `discountPaise`. */
  coupon?: { code: string; discountPaise: number; lineDiscounts: readonly number[] };
  /** The buyer's GSTIN for the invoice ('' or absent: none; docs/decisions/0085). */
  buyerGstin?: string;
  /** This attempt's possible orders, read ahead in the same transaction (earlier-attempts). */
  earlier?: readonly ahead.EarlierAttempt[];
}

/** Whose attempt this is: an idempotency key is unique per user, and answers only its own quote's order. */
export interface OrderAttempt {
  userId: string;
  quoteId: string | null;
  idempotencyKey: string | null;
}

/** Order ids: sortable by time, 3-45 characters of [A-Za-z0-9_-] as Cashfree requires. */
export function newOrderId(now = Date.now()): string {
  return `ord_${now.toString(36)}_${randomBytes(6).toString("hex")}`;
}

/** What makes two requests the same order: who, for what, where to, and every line as priced. */
export function orderFingerprint(order: NewOrder): string {
  const canonical = JSON.stringify([
    order.kind,
    order.userId,
    order.quoteId,
    order.person.email.toLowerCase(),
    order.person.phone,
    order.address,
    order.lines.map((l) => [
      l.productId,
      Object.values(l.variant)
        .map((v) => v.id)
        .sort(),
      l.quantity,
      l.pricePaise,
      l.productNote,
      // Only when there is one, so the fingerprints of orders without it stay as they were.
      ...(l.personalisation?.length ? [l.personalisation] : []),
    ]),
    order.coupon?.code ?? "",
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

const sameQuote = (quoteId: string | null) =>
  quoteId ? eq(orders.quoteId, quoteId) : isNull(orders.quoteId);

/**
 * Stores the pending order of an attempt in the caller's transaction (which holds the lock of what
 * is sold), or answers the order this attempt already made. `build` checks the request (throwing
 * HttpError 400s) and says what the order holds.
 */
export async function storeOrder(
  tx: Tx,
  attempt: OrderAttempt,
  build: () => Promise<NewOrder>,
  now = new Date(),
): Promise<OrderHead> {
  return (await storeOrderAttempt(tx, attempt, build, now, false)).order;
}

/**
 * storeOrder, also saying whether the order was inserted now (`fresh`: it holds nothing yet).
 * `buildFirst` (a `build` that writes nothing): `build` runs first, then one read (or the
 * order's `earlier`, 0325) finds the same key's or a payable same-content order (0280); when
 * `build` refuses, the key's order is answered. Otherwise the key is looked up before `build`.
 */
export async function storeOrderAttempt(
  tx: Tx,
  attempt: OrderAttempt,
  build: () => Promise<NewOrder>,
  now: Date,
  buildFirst: boolean,
): Promise<{ order: OrderHead; fresh: boolean }> {
  if (!buildFirst && attempt.idempotencyKey) {
    const same = await sameAttempt(tx, attempt, undefined, now);
    if (same) return { order: same, fresh: false };
  }
  let order: NewOrder;
  try {
    order = await build();
  } catch (error) {
    if (!buildFirst || !(error instanceof HttpError) || !attempt.idempotencyKey) throw error;
    const same = await sameAttempt(tx, attempt, undefined, now);
    if (same) return { order: same, fresh: false };
    throw error;
  }
  const print = orderFingerprint(order);
  const id = order.earlier && ahead.earlierAttemptOrder(order.earlier, attempt, print);
  const same = order.earlier
    ? id && (await tx.select(ORDER_HEAD).from(orders).where(eq(orders.id, id)))[0]
    : await sameAttempt(tx, attempt, { order, print }, now);
  if (same) return { order: same, fresh: false };
  return { order: await insertOrder(tx, order, attempt.idempotencyKey, print, now), fresh: true };
}

/**
 * The order this attempt already made, in one statement: the order of the same idempotency key
 * (unique per user; a 409 when it was for another quote), else, with `built`, the newest
 * still-payable pending order of the same content (a retried press, with no key or a fresh one).
 */
async function sameAttempt(
  tx: Tx,
  attempt: OrderAttempt,
  built: { order: NewOrder; print: string } | undefined,
  now: Date,
): Promise<OrderHead | undefined> {
  const { idempotencyKey: key } = attempt;
  const mine = eq(orders.userId, attempt.userId);
  const byKey = key ? and(mine, eq(orders.idempotencyKey, key)) : undefined;
  const retry = built
    ? and(
        eq(orders.userId, built.order.userId),
        sameQuote(built.order.quoteId),
        eq(orders.cartFingerprint, built.print),
        eq(orders.status, "pending"),
        eq(orders.paymentStatus, PAYMENT_STATUS.pending),
        gt(orders.expiresAt, now),
      )
    : undefined;
  const [found] = await tx
    .select({ ...ORDER_HEAD, key: orders.idempotencyKey })
    .from(orders)
    .where(or(byKey, retry))
    .orderBy(
      ...(key ? [desc(sql`${orders.idempotencyKey} is not distinct from ${key}`)] : []),
      desc(orders.createdAt),
    )
    .limit(1);
  if (!found) return undefined;
  const { key: foundKey, ...head } = found;
  // The key is unique per user (the database says so); the order it made must be for the same thing.
  if (key && foundKey === key && head.quoteId !== attempt.quoteId) throw ahead.keyUsedElsewhere();
  return head;
}

async function insertOrder(
  tx: Tx,
  order: NewOrder,
  idempotencyKey: string | null,
  print: string,
  now: Date,
): Promise<OrderHead> {
  if (order.lines.length === 0) throw new Error("An order needs at least one line.");
  const { provider, expiryMinutes } = paymentConfig();
  const id = newOrderId(now.getTime());
  const totals = orderTotals(order.lines, order.coupon?.discountPaise);
  const providerExpiry = now.getTime() + expiryMinutes * 60_000;
  const expiresAt = new Date(Math.min(providerExpiry, order.payableUntil?.getTime() ?? Infinity));
  const head: OrderHead = {
    id,
    kind: order.kind,
    userId: order.userId,
    quoteId: order.quoteId,
    claimEmail: order.claimEmail,
    status: "pending",
    totalPaise: totals.total,
    couponCode: order.coupon?.code ?? "",
    couponDiscountPaise: totals.discount,
    paymentSessionId: "",
    returnPath: order.returnPath?.(id) ?? "",
    expiresAt,
  };
  // The order and its lines in one statement (decision 0280; the lines' foreign key is checked when
  // it ends); the head is what was written, so nothing is read back.
  const values: OrderValues = {
    id,
    userId: order.userId,
    kind: order.kind,
    quoteId: order.quoteId,
    claimEmail: head.claimEmail,
    returnPath: head.returnPath,
    subtotalPaise: totals.subtotal,
    discountPaise: totals.discount,
    couponCode: order.coupon?.code ?? "",
    shippingPaise: totals.shipping,
    totalPaise: totals.total,
    person: order.person,
    address: order.address,
    notes: order.notes,
    buyerGstin: order.buyerGstin ?? "",
    timeline: { pending: now.toISOString() },
    provider,
    idempotencyKey,
    cartFingerprint: print,
    expiresAt,
    // The promise (set at payment, decision 0046) is the slowest line's processing window.
    dispatchDays: Math.max(...order.lines.map((line) => line.processingDays)),
    now,
  };
  const lines = order.lines.map(
    (line, i): OrderLineValues => ({
      lineId: `${id}-${String(i + 1).padStart(3, "0")}`,
      productId: line.productId,
      productName: line.name,
      productImage: line.image,
      productWeightGrams: line.weightGrams,
      variant: line.variant,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      productNote: line.productNote,
      personalisation: line.personalisation ?? [],
      lineDiscountPaise: order.coupon?.lineDiscounts[i] ?? 0,
    }),
  );
  await writeOrder(tx, values, lines);
  return head;
}
