/**
 * What a recorded payment does to its order, in recordPayment's transaction (payment-record.server.ts):
 * paid (the move, the promise, the order's payment, the cart, the quote, the code's use, the mails),
 * a mismatch, a sale that came too late, a refused quote payment, a duplicate, a failure.
 */
import type { Tx } from "~/server/db/client";
import type { orders } from "~/server/db/schema";
import type { ProviderPayment } from "~/server/payments/provider";
import { removeOrderedLinesInTx } from "~/features/cart/cart-checkout.server";
import { countCodeUse } from "~/features/discounts/discount-pricing.server";
import { promiseAtPayment } from "~/features/made-to-order/promise.server";
import { moveOrder, moveOrderIfAllowed } from "~/features/orders/order-moves.server";
import { recordOrderPayment } from "~/features/orders/order-payments.server";
import { releaseOrderStock } from "~/features/stock/holds.server";
import { mailSoldOutPayment } from "~/features/stock/stock-mail.server";
import { markQuotePaid, refuseQuotePayment } from "~/features/custom/quote-payment.server";
import { log } from "~/server/log/logger";
import { mailLatePayment, mailMismatch, mailOrderPaid } from "./order-mail.server";
import type { PaymentEffect } from "./payment-record.server";

type OrderRow = typeof orders.$inferSelect;

export const finite = (paise: number) => (Number.isFinite(paise) ? paise : 0);

export async function applyEffect(
  tx: Tx,
  order: OrderRow,
  payment: ProviderPayment,
  effect: PaymentEffect,
  now: Date,
  refusal: string | null,
  asked: number,
): Promise<void> {
  if (effect === "paid" || effect === "late-paid") {
    // The payment's completion time (Cashfree's payment_completion_time), not its start.
    const paidAt = payment.paidAt ?? now;
    await moveOrder(tx, order, "payment:paid", {
      at: now,
      set: {
        transactionId: payment.paymentId,
        paymentAmountPaise: Number.isFinite(payment.amountPaise) ? payment.amountPaise : asked,
        paidAt,
        upiId: payment.upiId,
        // The promise (decisions 0046, 0122): the later of the processing window and the studio's queue.
        promisedDispatchAt: await promiseAtPayment(tx, order, paidAt),
        nextCheckAt: null,
      },
    });
    // One payment of its order (decision 0204): a link's carrier row pays its quote's order.
    await recordOrderPayment(tx, order, asked, paidAt);
    if (order.kind === "catalogue") await removeOrderedLinesInTx(tx, order.userId, order.id);
    await markQuotePaid(tx, order, now);
    await countCodeUse(tx, order, now);
    await mailOrderPaid(tx, order.id);
    if (effect === "late-paid") await mailLatePayment(tx, order, payment);
    return;
  }
  if (effect === "mismatch") {
    log.error(
      `[payments] AMOUNT MISMATCH on order ${order.id}: the provider reports the order as ${payment.orderAmountPaise ?? payment.amountPaise} paise ${payment.orderCurrency ?? payment.currency} ` +
        `(payment ${payment.paymentId} took ${payment.amountPaise}), the shop asked ${asked} paise INR. NOT marked paid; the owner is mailed.`,
    );
    await moveOrderIfAllowed(tx, order, "payment:mismatch", { at: now });
    await mailMismatch(tx, order, payment);
    return;
  }
  if (effect === "sold-out") {
    // Paid for a piece sold to someone else after its hold lapsed: refunded in full (0217).
    await moveOrder(tx, order, "payment:refused", {
      at: now,
      set: {
        transactionId: payment.paymentId,
        paymentAmountPaise: Number.isFinite(payment.amountPaise)
          ? payment.amountPaise
          : order.totalPaise,
        paidAt: payment.paidAt ?? now,
        upiId: payment.upiId,
        nextCheckAt: null,
      },
    });
    await mailSoldOutPayment(tx, order);
    return;
  }
  if (effect === "refused") {
    await refuseQuotePayment(tx, order, payment, now, refusal ?? "the quote can no longer be paid");
    return;
  }
  if (effect === "duplicate") {
    log.error(
      `[payments] order ${order.id} was paid again by ${payment.paymentId}; recorded, owner mailed.`,
    );
    await mailLatePayment(tx, order, payment);
    return;
  }
  if (effect === "failed" || effect === "dropped") {
    if (await moveOrderIfAllowed(tx, order, `payment:${effect}`, { at: now }))
      await releaseOrderStock(tx, order.id, effect === "failed" ? "failed" : "cancelled", now);
  }
}
