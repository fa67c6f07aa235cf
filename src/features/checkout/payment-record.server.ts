/**
 * Recording what a provider says about a payment: exactly once, whoever says it first (verify,
 * webhook or the re-check), in ONE transaction that locks the order row and inserts the payment
 * keyed by the provider's payment id (docs/decisions/0014). A payment already recorded changes
 * nothing. A success moves a pending (or expired-and-cancelled) order to processing, clears the
 * owner's cart and writes the confirmation mails to the outbox in the same transaction; an amount
 * or currency that differs from the stored order is never marked paid.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../server/db/client";
import { orders, payments } from "../../server/db/schema";
import type { ProviderName, ProviderPayment } from "../../server/payments/provider";
import { clearCartInTx } from "../cart/cart.server";
import { PAYMENT_STATUS } from "./checkout";
import { mailLatePayment, mailMismatch, mailOrderPaid } from "./order-mail.server";
import {
  markQuotePaid,
  quotePaymentRefusal,
  refuseQuotePayment,
} from "../custom/quote-payment.server";

export type PaymentEffect =
  | "paid"
  | "late-paid"
  | "mismatch"
  | "duplicate"
  | "refused"
  | "failed"
  | "dropped"
  | "pending"
  | "already-recorded"
  | "no-order";

const DAY_MS = 86_400_000;

type OrderRow = typeof orders.$inferSelect;

/** What a settled payment does to an order (pure: the transition rules). */

export function paymentEffect(
  order: Pick<OrderRow, "status" | "paidAt" | "totalPaise">,
  payment: ProviderPayment,
): PaymentEffect {
  if (payment.status === "SUCCESS") {
    if (payment.amountPaise !== order.totalPaise || payment.currency !== "INR") return "mismatch";
    if (order.status === "pending") return "paid";
    if (order.status === "cancelled" && !order.paidAt) return "late-paid";
    return "duplicate";
  }
  if (payment.status === "FAILED") return "failed";
  if (payment.status === "USER_DROPPED") return "dropped";
  return "pending";
}

async function applyEffect(
  tx: Tx,
  order: OrderRow,
  payment: ProviderPayment,
  effect: PaymentEffect,
  now: Date,
  refusal: string | null,
): Promise<void> {
  const stamp = now.toISOString();
  if (effect === "paid" || effect === "late-paid") {
    const paidAt = payment.paidAt ?? now;
    await tx
      .update(orders)
      .set({
        status: "processing",
        paymentStatus: PAYMENT_STATUS.paid,
        transactionId: payment.paymentId,
        paymentAmountPaise: payment.amountPaise,
        paidAt,
        upiId: payment.upiId,
        // The promise (docs/decisions/0046): the processing window's last day, counted from payment.
        promisedDispatchAt: new Date(paidAt.getTime() + order.dispatchDays * DAY_MS),
        nextCheckAt: null,
        timeline: sql`${orders.timeline} || ${JSON.stringify({ processing: stamp })}::jsonb`,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    if (order.kind === "catalogue") await clearCartInTx(tx, order.userId);
    await markQuotePaid(tx, order, now);
    await mailOrderPaid(tx, order.id);
    if (effect === "late-paid") await mailLatePayment(tx, order, payment);
    return;
  }
  if (effect === "mismatch") {
    console.error(
      `[payments] AMOUNT MISMATCH on order ${order.id}: provider payment ${payment.paymentId} took ${payment.amountPaise} paise ${payment.currency}, ` +
        `the order is ${order.totalPaise} paise INR. NOT marked paid; the owner is mailed.`,
    );
    if (order.status === "pending") {
      await tx
        .update(orders)
        .set({ paymentStatus: PAYMENT_STATUS.mismatch, updatedAt: now })
        .where(eq(orders.id, order.id));
    }
    await mailMismatch(tx, order, payment);
    return;
  }
  if (effect === "refused") {
    await refuseQuotePayment(tx, order, payment, now, refusal ?? "the quote can no longer be paid");
    return;
  }
  if (effect === "duplicate") {
    console.error(
      `[payments] order ${order.id} was paid again by ${payment.paymentId}; recorded, owner mailed.`,
    );
    await mailLatePayment(tx, order, payment);
    return;
  }
  if (
    (effect === "failed" || effect === "dropped") &&
    order.status === "pending" &&
    order.paymentStatus !== PAYMENT_STATUS.mismatch
  ) {
    const paymentStatus = effect === "failed" ? PAYMENT_STATUS.failed : PAYMENT_STATUS.dropped;
    await tx.update(orders).set({ paymentStatus, updatedAt: now }).where(eq(orders.id, order.id));
  }
}

/**
 * Records one payment of one order. PENDING attempts are not stored (they change later; the
 * provider is asked again). Returns what it did; "already-recorded" when this payment id was seen.
 */
export async function recordPayment(
  db: Db,
  orderId: string,
  payment: ProviderPayment,
  provider: ProviderName,
  now = new Date(),
): Promise<PaymentEffect> {
  if (payment.status === "PENDING" || payment.status === "OTHER") return "pending";
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return "no-order";
    let effect = paymentEffect(order, payment);
    // A quote is paid at most once, and only while it stands: a success for another order of an
    // already-paid quote, or for a quote withdrawn or replaced meanwhile, is refused (and recorded).
    const refusal =
      effect === "paid" || effect === "late-paid" ? await quotePaymentRefusal(tx, order) : null;
    if (refusal) effect = "refused";
    const inserted = await tx
      .insert(payments)
      .values({
        providerPaymentId: `${provider}:${payment.paymentId}`,
        orderId,
        provider,
        status: payment.status,
        amountPaise: Number.isFinite(payment.amountPaise) ? payment.amountPaise : 0,
        currency: payment.currency.slice(0, 10),
        paymentTime: payment.paidAt,
        upiId: payment.upiId.slice(0, 200),
        outcome: effect,
        raw: (payment.raw ?? {}) as object,
      })
      .onConflictDoNothing()
      .returning({ id: payments.providerPaymentId });
    if (inserted.length === 0) return "already-recorded";
    await applyEffect(tx, order, payment, effect, now, refusal);
    return effect;
  });
}

/**
 * An unpaid order whose provider order expired becomes cancelled (payment Expired) with its
 * timeline stamp. A no-op unless the order is still pending and unpaid (checked under the lock).
 */
export async function expireOrder(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.status !== "pending" || order.paidAt) return false;
    await tx
      .update(orders)
      .set({
        status: "cancelled",
        paymentStatus:
          order.paymentStatus === PAYMENT_STATUS.mismatch
            ? order.paymentStatus
            : PAYMENT_STATUS.expired,
        nextCheckAt: null,
        timeline: sql`${orders.timeline} || ${JSON.stringify({ cancelled: now.toISOString() })}::jsonb`,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    return true;
  });
}
