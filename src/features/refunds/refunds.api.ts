/**
 * The owner's refund calls (docs/decisions/0057). Both start with requireAdmin.
 *   GET  /v2/admin/order/{id}/refunds  -> RefundsAnswer (each refund, paid, refunded, refundable);
 *        pending refunds are asked about first (refund-jobs.server.ts recheckOrderRefunds)
 *   POST /v2/admin/order/{id}/refunds  { amount?, reason, cancel? } -> 201 { refund, ...RefundsAnswer }
 * amount absent = everything still refundable; cancel=true cancels the order in the same step and
 * refunds it in full.
 */
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { requireAdmin } from "~/server/auth/auth.server";
import { auditActor } from "~/features/audit/audit.server";
import { getDb, type DbOrTx } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { paymentProvider } from "~/server/payments/index.server";
import { changeOrderStatus } from "~/features/admin/orders/orders-admin.server";
import { restockByDefault, restockOrder } from "~/features/stock/restock.server";
import { recheckOrderRefunds } from "./refund-jobs.server";
import { listRefunds, refundTotals, requestRefund, type RefundRow } from "./refunds.server";
import { refundBody, type RefundJson, type RefundsAnswer } from "./refunds";

export function refundJson(row: RefundRow): RefundJson {
  return {
    id: row.id,
    amount: row.amountPaise,
    reason: row.reason,
    status: row.status as RefundJson["status"],
    requestedBy: row.requestedBy,
    statusNote: row.statusNote,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

export async function refundsAnswer(db: DbOrTx, id: string): Promise<RefundsAnswer> {
  const totals = await refundTotals(db, id);
  return {
    refunds: (await listRefunds(db, id)).map(refundJson),
    paid: { amount: totals.paid },
    refunded: { amount: totals.refunded },
    pending: { amount: totals.pending },
    refundable: { amount: Math.max(totals.paid - totals.refunded - totals.pending, 0) },
  };
}

export async function getRefunds(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const db = await getDb();
  await recheckOrderRefunds(db, paymentProvider(), id);
  return json(await refundsAnswer(db, id));
}

export async function postRefund(context: APIContext): Promise<Response> {
  const owner = await requireAdmin(context);
  const actor = auditActor(context, owner);
  const id = parseWith(idParam(), context.params.id);
  const body = await readJson(context.request, refundBody, 4 * 1024);
  const db = await getDb();
  const before = await refundsAnswer(db, id);
  if (before.paid.amount === 0) throw new HttpError(409, "This order has no payment to refund.");
  if (body.cancel && body.amount !== undefined && body.amount !== before.refundable.amount)
    throw new HttpError(400, "amount: cancelling refunds the order in full; leave amount out.");
  const amount = body.amount ?? before.refundable.amount;
  if (amount <= 0 && !body.cancel)
    throw new HttpError(
      400,
      "amount: this order is already refunded in full (or the refunds are in progress).",
    );
  const [{ status } = { status: "" }] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  if (body.cancel) await changeOrderStatus(db, actor, id, { status: "cancelled", by: "refund" });
  // Ready-made pieces go back on the shelf when the owner says so (default: a cancel before dispatch).
  if (body.restock ?? (body.cancel === true && restockByDefault(status)))
    await restockOrder(db, actor, id);
  const refund =
    amount > 0
      ? await requestRefund(db, paymentProvider(), {
          orderId: id,
          amountPaise: amount,
          reason: body.reason,
          requestedBy: owner.email || owner.uid,
          actor,
        })
      : null;
  return json(
    { refund: refund ? refundJson(refund) : null, ...(await refundsAnswer(db, id)) },
    { status: 201 },
  );
}
