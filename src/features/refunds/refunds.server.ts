/**
 * Refunds of paid orders (docs/decisions/0057). The owner asks (in full or in part, with a
 * reason); a withdrawn or replaced quote's late payment is refunded automatically. Under the
 * order's row lock the refund is checked against what was paid minus what is refunded or in
 * progress, so two owners pressing at once can never refund more than was paid; the provider is
 * called after that transaction; its answer, its refund webhooks and the refund re-check all end
 * in `recordRefundState`, the ONE place a refund's state is recorded (an invoice's credit note
 * hooks in there, at the SUCCESS transition). The automatic refund and the re-check pass are in
 * refund-jobs.server.ts.
 */
import { issueCreditNote } from "~/features/books/credit-note.server";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/server/db/client";
import { orders, refunds } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { formatInr } from "~/lib/money";
import {
  ProviderError,
  type PaymentProvider,
  type ProviderRefund,
  type RefundStatus,
} from "~/server/payments/provider";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { logOrder } from "~/features/orders/order-log.server";
import { mailRefundFailed, mailRefundSucceeded } from "./refund-mail.server";
import { carriersOf, figuresOf, refundParts, sumFigures } from "./refund-parts.server";
import { log } from "~/server/log/logger";

export type RefundRow = typeof refunds.$inferSelect;

/** How soon a pending refund is asked about again. */
export const REFUND_RECHECK_MS = 60_000;

/** Refund ids: the provider's refund_id too (alphanumeric, 3-40 characters). */
export function newRefundId(now = Date.now()): string {
  return `rf${now.toString(36)}${randomBytes(6).toString("hex")}`;
}

/**
 * Paid (every successful payment's amount) and refunded (succeeded or in progress), paise: over the
 * order's own provider order and its payment links' rows (refund-parts.server.ts, decision 0212).
 */
export async function refundTotals(
  db: DbOrTx,
  orderId: string,
): Promise<{ paid: number; refunded: number; pending: number }> {
  return sumFigures(await figuresOf(db, await carriersOf(db, orderId)));
}

export interface RefundRequest {
  orderId: string;
  amountPaise: number;
  reason: string;
  requestedBy: string;
  /** The owner who asked (audited with the refund); absent for the shop's own refunds. */
  actor?: AuditActor;
}

/** Stores a PENDING refund under the order's lock, never above what can still be refunded. */
export async function openRefund(db: Db, request: RefundRequest, now = new Date()) {
  return db.transaction((tx) => openRefundIn(tx, request, now));
}

/** openRefund inside the caller's transaction (a damage claim's refund, docs/decisions/0247). */
export async function openRefundIn(tx: Tx, request: RefundRequest, now = new Date()) {
  const [order] = await tx
    .select({ id: orders.id, provider: orders.provider })
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .for("update");
  if (!order) throw new HttpError(404, "Order not found");
  const figures = await figuresOf(tx, await carriersOf(tx, order.id));
  const totals = sumFigures(figures);
  if (totals.paid === 0) throw new HttpError(409, "This order has no payment to refund.");
  const left = totals.paid - totals.refunded - totals.pending;
  if (request.amountPaise > left)
    throw new HttpError(
      400,
      left === 0
        ? "amount: this order is already refunded in full (or the refunds are in progress)."
        : `amount: at most ${formatInr(left)} can still be refunded (${formatInr(totals.paid)} paid, ${formatInr(totals.refunded + totals.pending)} refunded or in progress).`,
    );
  // One refund per provider order it takes from (the order's own, then its links' rows).
  const parts = await tx
    .insert(refunds)
    .values(
      refundParts(figures, request.amountPaise).map((part, i) => ({
        id: newRefundId(now.getTime() + i),
        orderId: part.orderId,
        provider: order.provider,
        amountPaise: part.amountPaise,
        reason: request.reason,
        requestedBy: request.requestedBy,
        // First asked about soon (a local refund settles in seconds); then every minute.
        nextCheckAt: new Date(now.getTime() + 5_000),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const refund = parts.find((p) => p.orderId === order.id) ?? parts[0];
  if (request.actor)
    await recordAudit(tx, request.actor, {
      action: "refund.request",
      entity: "order",
      entityId: order.id,
      before: { paidPaise: totals.paid, refundedPaise: totals.refunded + totals.pending },
      after: { refundId: refund!.id, amountPaise: request.amountPaise, reason: request.reason },
    });
  await logOrder(
    tx,
    order.id,
    "refund",
    `Refund ${refund!.id} of ${formatInr(request.amountPaise)} asked by ${request.requestedBy}: ${request.reason}`,
    null,
    now,
  );
  return Object.assign(refund!, { parts });
}

export interface RefundReport {
  status: RefundStatus;
  providerRefundId?: string;
  processedAt?: Date | null;
  note?: string;
  raw?: unknown;
}

/**
 * THE place a refund's state is recorded (the provider's answer, a refund webhook, the re-check).
 * A final state (SUCCESS, FAILED, CANCELLED) is recorded once, under the refund's row lock, with
 * its log line and mail; a repeat changes nothing. Answers whether the state changed.
 */
export async function recordRefundState(
  db: Db,
  refundId: string,
  report: RefundReport,
  now = new Date(),
  source = "provider",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (refund?.status !== "PENDING") return false;
    const final = report.status !== "PENDING";
    await tx
      .update(refunds)
      .set({
        status: report.status,
        providerRefundId: report.providerRefundId || refund.providerRefundId,
        statusNote: (report.note ?? refund.statusNote).slice(0, 500),
        processedAt: final ? (report.processedAt ?? now) : null,
        nextCheckAt: final ? null : refund.nextCheckAt,
        raw: (report.raw ?? refund.raw ?? null) as object | null,
        updatedAt: now,
      })
      .where(eq(refunds.id, refundId));
    if (!final) return false;
    await logOrder(
      tx,
      refund.orderId,
      "refund",
      `Refund ${refund.id} of ${formatInr(refund.amountPaise)}: ${report.status}${report.note ? ` (${report.note})` : ""} [${source}].`,
      null,
      now,
    );
    if (report.status === "SUCCESS") {
      // The invoice's credit note for this refund, in this transaction (docs/decisions/0085).
      await issueCreditNote(tx, refund, now);
      await mailRefundSucceeded(tx, refund);
    } else {
      await mailRefundFailed(tx, refund, report.note ?? "");
    }
    return true;
  });
}

/** Sends a stored refund to the provider and records its answer; a 4xx answer is final (FAILED). */
export async function submitRefund(
  db: Db,
  provider: PaymentProvider,
  refund: RefundRow,
  now = new Date(),
): Promise<void> {
  let answer: ProviderRefund;
  try {
    answer = await provider.createRefund({
      orderId: refund.orderId,
      refundId: refund.id,
      amountPaise: refund.amountPaise,
      note: refund.reason,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.status === 409) {
      // Already made by an earlier call that timed out: ask for it.
      answer = await provider.getRefund(refund.orderId, refund.id);
    } else if (error.status && error.status >= 400 && error.status < 500 && error.status !== 429) {
      await recordRefundState(db, refund.id, { status: "FAILED", note: error.message }, now);
      return;
    } else {
      log.error(`[refunds] refund ${refund.id} not sent yet: ${error.message}`);
      return; // the re-check sends it again (same refund_id)
    }
  }
  await db
    .update(refunds)
    .set({ providerRefundId: answer.providerRefundId || `sent:${refund.id}`, updatedAt: now })
    .where(and(eq(refunds.id, refund.id), eq(refunds.providerRefundId, "")));
  await recordRefundState(db, refund.id, answer, now, "provider");
}

/** The owner's refund: stored under the lock, then sent. Answers the refund as stored. */
export async function requestRefund(
  db: Db,
  provider: PaymentProvider,
  request: RefundRequest,
  now = new Date(),
): Promise<RefundRow> {
  const refund = await openRefund(db, request, now);
  for (const part of refund.parts) await submitRefund(db, provider, part, now);
  return (await db.select().from(refunds).where(eq(refunds.id, refund.id)))[0]!;
}

/** A refund webhook: recorded on the shop's refund of that id; any other refund goes to the log. */
export async function recordRefundReport(
  db: Db,
  orderId: string,
  report: ProviderRefund,
  now = new Date(),
  source = "webhook",
): Promise<void> {
  const [refund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.id, report.refundId), eq(refunds.orderId, orderId)));
  if (refund) {
    await recordRefundState(db, refund.id, report, now, source);
    return;
  }
  await logOrder(
    db,
    orderId,
    "refund",
    `A refund not made from this shop (${report.refundId || report.providerRefundId}) was reported ${report.status}.`,
    null,
    now,
  );
}

/** An order's refunds, oldest first. */
export async function listRefunds(db: DbOrTx, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, await carriersOf(db, orderId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
