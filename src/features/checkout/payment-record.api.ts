/**
 * GET /v2/admin/order/{id}/payments: what the provider reported about the order's payments, for
 * the owner (docs/decisions/0055, docs/cashfree.md "Reading a payment's history"): each payment id
 * with what it took, the order's amount the provider reported, the fees and offers, its status
 * history; and the order's log (re-check, webhooks recorded without action, refunds).
 */
import type { APIContext } from "astro";
import { asc, eq } from "drizzle-orm";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { payments } from "~/server/db/schema";
import { json, parseWith } from "~/server/http";
import { idParam } from "~/lib/fields";
import type { PaymentRecordsAnswer } from "~/features/refunds/refunds";
import { readOrderLog } from "~/features/orders/order-log.server";

export async function getPaymentRecords(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const db = await getDb();
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, id))
    .orderBy(asc(payments.createdAt));
  const answer: PaymentRecordsAnswer = {
    payments: rows.map((p) => ({
      id: p.providerPaymentId.slice(p.provider.length + 1),
      status: p.status,
      outcome: p.outcome,
      amount: p.amountPaise,
      currency: p.currency,
      order: p.orderAmountPaise === null ? null : { amount: p.orderAmountPaise },
      fees: { amount: p.feesPaise },
      offers: p.offers ?? null,
      upiId: p.upiId,
      completedAt: p.completedAt?.toISOString() ?? null,
      history: p.history,
    })),
    log: (await readOrderLog(db, id)).map((l) => ({ ...l, at: l.at.toISOString() })),
  };
  return json(answer);
}
