/**
 * Recording what a provider says about a payment: whoever says it first (verify, webhook or the
 * re-check), in ONE transaction that locks the order row and keeps one row per provider payment id
 * (docs/decisions/0014, 0055). Every status a payment id goes through is kept in its history; a
 * repeat of the same status changes nothing; SUCCESS always wins (a later FAILED never undoes it),
 * and a FAILED, PENDING or dropped id that turns SUCCESS pays the order then. A success moves a
 * pending (or expired-and-cancelled) order to processing, removes the bought lines from the cart
 * and writes the confirmation mails to the outbox in the same transaction, exactly once per order.
 * Paid is decided on the ORDER's amount and currency as the provider reports them; the payment's
 * own amount (fees, offers) is stored beside them.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { orders, payments } from "~/server/db/schema";
import type { ProviderName, ProviderPayment } from "~/server/payments/provider";
import { issueSaleDocument } from "~/features/books/issue.server";
import { amountAsked } from "~/features/made-to-order/deposits.server";
import { logOrder } from "~/features/orders/order-log.server";
import { moveOrderIfAllowed } from "~/features/orders/order-moves.server";
import { releaseOrderStock, sellOrderStock } from "~/features/stock/holds.server";
import { quotePaymentRefusal } from "~/features/custom/quote-payment.server";
import { DAY_MS } from "~/lib/dates";
import { applyEffect, finite } from "./payment-record-effects.server";

export type PaymentEffect =
  | "paid"
  | "late-paid"
  | "mismatch"
  | "duplicate"
  | "refused"
  | "sold-out"
  | "failed"
  | "dropped"
  | "pending"
  | "already-recorded"
  | "no-order";

/** How long after expiry an expired order is still asked about (docs/decisions/0056). */
export const LATE_CHECK_WINDOW_MS = DAY_MS;

/**
 * The slowing schedule after expiry: every 5 minutes in the first hour, every 30 minutes up to
 * 6 hours, then every 2 hours; null once the window is over.
 */
export function nextCheckAfterExpiry(expiresAt: Date, now: Date): Date | null {
  const since = now.getTime() - expiresAt.getTime();
  if (since >= LATE_CHECK_WINDOW_MS) return null;
  const step = since < 3_600_000 ? 5 * 60_000 : since < 6 * 3_600_000 ? 30 * 60_000 : 2 * 3_600_000;
  const end = expiresAt.getTime() + LATE_CHECK_WINDOW_MS;
  return new Date(Math.min(now.getTime() + step, end));
}

type OrderRow = typeof orders.$inferSelect;

/** What a settled payment does to an order (pure: the transition rules). */

export function paymentEffect(
  order: Pick<OrderRow, "status" | "paidAt" | "totalPaise">,
  payment: ProviderPayment,
  asked = order.totalPaise,
): PaymentEffect {
  if (payment.status === "SUCCESS") {
    // The provider order's amount as the provider reports it (what the shop asked: the total, or
    // a deposit's advance, decision 0212); the payment's own amount only when it did not.
    const amount = payment.orderAmountPaise ?? payment.amountPaise;
    const currency = payment.orderCurrency ?? payment.currency;
    if (amount !== asked || currency !== "INR") return "mismatch";
    if (order.status === "pending") return "paid";
    if (order.status === "cancelled" && !order.paidAt) return "late-paid";
    return "duplicate";
  }
  if (payment.status === "FAILED") return "failed";
  if (payment.status === "USER_DROPPED") return "dropped";
  return "pending";
}

type PaymentRow = typeof payments.$inferSelect;

/** A status as the provider reported it, for the payment's history. */
export interface HistoryEntry {
  status: string;
  at: string;
  source: string;
}

/** The payments row's key: one row per provider payment id. */
export const paymentKey = (provider: ProviderName, paymentId: string) => `${provider}:${paymentId}`;

export interface RecordOptions {
  /** Runs last in the payment's transaction, with what it did (the webhook stores its delivery). */
  inTransaction?: (tx: Tx, effect: PaymentEffect) => Promise<void>;
}

/**
 * Records one report about one payment of one order (`source`: verify, webhook or recheck, for
 * the history). Returns what it did; "already-recorded" when this payment id already had this
 * status, or was already a SUCCESS.
 */
export async function recordPayment(
  db: Db,
  orderId: string,
  payment: ProviderPayment,
  provider: ProviderName,
  now = new Date(),
  source = "provider",
  options: RecordOptions = {},
): Promise<PaymentEffect> {
  return db.transaction(async (tx) => {
    const effect = await recordInTx(tx, orderId, payment, provider, now, source);
    await options.inTransaction?.(tx, effect);
    return effect;
  });
}

async function recordInTx(
  tx: Tx,
  orderId: string,
  payment: ProviderPayment,
  provider: ProviderName,
  now: Date,
  source: string,
): Promise<PaymentEffect> {
  const key = paymentKey(provider, payment.paymentId);
  // One read: the order, locked (every write of its payments runs under this lock), and this
  // payment id's row when it has one.
  const [head] = await tx
    .select({ order: orders, existing: payments })
    .from(orders)
    .leftJoin(payments, and(eq(payments.providerPaymentId, key), eq(payments.orderId, orders.id)))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!head) return "no-order";
  const { order } = head;
  const existing: PaymentRow | null = head.existing;
  const entry: HistoryEntry = { status: payment.status, at: now.toISOString(), source };
  if (existing && existing.status === payment.status) return "already-recorded";
  if (existing?.status === "SUCCESS") {
    // SUCCESS always wins: a later word about the same id is kept in its history only.
    await tx
      .update(payments)
      .set({ history: [...existing.history, entry], updatedAt: now })
      .where(eq(payments.providerPaymentId, key));
    await logOrder(
      tx,
      orderId,
      "payment",
      `Payment ${payment.paymentId} reported ${payment.status} after SUCCESS; kept as paid.`,
      null,
      now,
    );
    return "already-recorded";
  }
  const asked = await amountAsked(tx, order);
  let effect = paymentEffect(order, payment, asked);
  // A quote is paid at most once, and only while it stands: a success for another order of an
  // already-paid quote, or for a quote withdrawn or replaced meanwhile, is refused (and recorded).
  const refusal =
    effect === "paid" || effect === "late-paid" ? await quotePaymentRefusal(tx, order) : null;
  if (refusal) effect = "refused";
  // The held pieces become a sale; sold meanwhile to someone else, the payment is refunded (0217).
  if (
    (effect === "paid" || effect === "late-paid") &&
    (await sellOrderStock(tx, orderId, now)) === "gone"
  )
    effect = "sold-out";
  const values = {
    status: payment.status,
    amountPaise: finite(payment.amountPaise),
    currency: payment.currency.slice(0, 10),
    orderAmountPaise: payment.orderAmountPaise,
    feesPaise: finite(payment.feesPaise),
    offers: (payment.offers ?? null) as object | null,
    paymentTime: payment.paidAt,
    completedAt: payment.status === "PENDING" ? null : payment.paidAt,
    upiId: payment.upiId.slice(0, 200),
    outcome: effect,
    raw: (payment.raw ?? {}) as object,
    updatedAt: now,
  };
  if (existing) {
    await tx
      .update(payments)
      .set({ ...values, history: [...existing.history, entry] })
      .where(eq(payments.providerPaymentId, key));
  } else {
    const inserted = await tx
      .insert(payments)
      .values({ ...values, providerPaymentId: key, orderId, provider, history: [entry] })
      .onConflictDoNothing()
      .returning({ id: payments.providerPaymentId });
    // Another order's payment with this id (never from a real provider): not ours to apply.
    if (inserted.length === 0) return "already-recorded";
  }
  await logOrder(
    tx,
    orderId,
    "payment",
    `Payment ${payment.paymentId}: ${existing ? `${existing.status} -> ` : ""}${payment.status} (${effect}).`,
    null,
    now,
  );
  if (payment.status === "PENDING" || payment.status === "OTHER") return "pending";
  await applyEffect(tx, order, payment, effect, now, refusal, asked);
  // The sale's invoice, in this transaction (docs/decisions/0085).
  if (effect === "paid" || effect === "late-paid") await issueSaleDocument(tx, orderId, key, now);
  return effect;
}

/**
 * An unpaid order whose provider order expired becomes cancelled (payment Expired) with its
 * timeline stamp. A no-op unless the order is still pending and unpaid (checked under the lock).
 * The re-check keeps asking about it for a day after expiry (a payment begun before expiry can
 * still succeed), so its next check is set, not cleared (recheck.server.ts).
 */
export async function expireOrder(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return false;
    const moved = await moveOrderIfAllowed(tx, order, "expiry:cancelled", {
      at: now,
      set: { nextCheckAt: nextCheckAfterExpiry(order.expiresAt ?? now, now) },
    });
    if (moved) await releaseOrderStock(tx, orderId, "expired", now);
    return moved;
  });
}
