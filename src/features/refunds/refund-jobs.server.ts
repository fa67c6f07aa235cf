/**
 * The refunds nobody presses for (docs/decisions/0057): a refused quote payment's automatic refund
 * and the re-check pass that sends pending refunds or asks the provider about them. Both record
 * through refunds.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { refunds } from "~/server/db/schema";
import { rawRows } from "~/server/db/raw-rows";
import { HttpError } from "~/server/http";
import { log } from "~/server/log/logger";
import { ProviderError, type PaymentProvider } from "~/server/payments/provider";
import { mailAutoRefund } from "./refund-mail.server";
import {
  openRefund,
  REFUND_RECHECK_MS,
  type RefundRow,
  recordRefundState,
  refundTotals,
  submitRefund,
} from "./refunds.server";

/** Why a payment for a piece sold meanwhile is refunded (docs/decisions/0217); its mails are the stock's. */
export const SOLD_OUT_REFUND_REASON =
  "Paid after the piece was sold to someone else: refunded in full automatically";

/**
 * Payments recorded as refused (a withdrawn, replaced or already-paid quote, decision 0045) are
 * refunded automatically and the owner told; so is a payment for a piece sold meanwhile
 * ("sold-out", decision 0217), whose mails went with the payment. Called after recordPayment.
 */
export async function refundRefusedPayments(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  now = new Date(),
  effect: "refused" | "sold-out" = "refused",
): Promise<void> {
  const totals = await refundTotals(db, orderId);
  const left = totals.paid - totals.refunded - totals.pending;
  if (left <= 0) return;
  let refund: RefundRow;
  try {
    refund = await openRefund(
      db,
      {
        orderId,
        amountPaise: left,
        reason:
          effect === "sold-out"
            ? SOLD_OUT_REFUND_REASON
            : "Quote payment refused: the quote was withdrawn, replaced or already paid",
        requestedBy: "auto",
      },
      now,
    );
  } catch (error) {
    if (error instanceof HttpError) return; // refunded meanwhile
    throw error;
  }
  if (effect === "refused") await mailAutoRefund(db, refund);
  await submitRefund(db, provider, refund, now);
}

/** One pass of the refund re-check: pending refunds are sent (if not yet) or asked about. */
export async function recheckDueRefunds(
  db: Db,
  provider: PaymentProvider,
  now = new Date(),
  batch = 20,
): Promise<number> {
  const due = await rawRows<{ id: string }>(
    db,
    sql`
    update refunds set next_check_at = ${new Date(now.getTime() + REFUND_RECHECK_MS)}
    where id in (
      select id from refunds
      where status = 'PENDING' and provider = ${provider.name} and next_check_at is not null and next_check_at <= ${now}
      order by next_check_at limit ${batch} for update skip locked)
    returning id`,
  );
  const ids = due.map((r) => r.id);
  for (const id of ids) {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, id));
    if (!refund) continue;
    try {
      if (!refund.providerRefundId) await submitRefund(db, provider, refund, now);
      else
        await recordRefundState(
          db,
          id,
          await provider.getRefund(refund.orderId, refund.id),
          now,
          "recheck",
        );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error(`[refunds] re-check of ${id} failed: ${error.message}`);
    }
  }
  return ids.length;
}

/**
 * The owner's view of one order's refunds asks the provider about its pending ones at once (the
 * re-check pass above comes only every minute), so the screen that started a refund sees it settle.
 */
export async function recheckOrderRefunds(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  now = new Date(),
): Promise<void> {
  const pending = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "PENDING")));
  for (const refund of pending) {
    if (!refund.providerRefundId || refund.provider !== provider.name) continue;
    try {
      const report = await provider.getRefund(orderId, refund.id);
      if (report.status !== "PENDING") await recordRefundState(db, refund.id, report, now, "owner");
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error(`[refunds] asking about ${refund.id} failed: ${error.message}`);
    }
  }
}
