/**
 * An order's money is in the provider orders that carried its payments (decision 0204): the order's
 * own (its payment in full, or a deposit's advance) and its payment links' rows (a balance, a
 * shipping charge). A refund of the order is at most what was paid through all of them
 * (decision 0212), and is sent to the provider as one refund per provider order it takes from:
 * the order's own first, then its links' rows, oldest first.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orderPayments, payments, refunds } from "~/server/db/schema";

/** Paid, refunded (succeeded) and pending refunds, paise. */
export interface RefundFigures {
  paid: number;
  refunded: number;
  pending: number;
}

/** The provider orders of an order's payments: itself first, then its links' rows. */
export async function carriersOf(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ via: orderPayments.viaOrderId })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), ne(orderPayments.viaOrderId, orderId)))
    .orderBy(asc(orderPayments.paidAt), asc(orderPayments.id));
  return [orderId, ...rows.map((r) => r.via)];
}

/** Each provider order's figures, in the order given. */
export async function figuresOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, RefundFigures>> {
  const out = new Map<string, RefundFigures>(
    ids.map((id) => [id, { paid: 0, refunded: 0, pending: 0 }]),
  );
  const paid = await db
    .select({ id: payments.orderId, sum: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(and(inArray(payments.orderId, [...ids]), eq(payments.status, "SUCCESS")))
    .groupBy(payments.orderId);
  for (const row of paid) out.get(row.id)!.paid = Number(row.sum);
  const asked = await db
    .select({ id: refunds.orderId, status: refunds.status, amount: refunds.amountPaise })
    .from(refunds)
    .where(
      and(inArray(refunds.orderId, [...ids]), inArray(refunds.status, ["PENDING", "SUCCESS"])),
    );
  for (const row of asked) {
    const figures = out.get(row.id)!;
    if (row.status === "SUCCESS") figures.refunded += row.amount;
    else figures.pending += row.amount;
  }
  return out;
}

/** The sum of an order's figures over all its provider orders. */
export function sumFigures(figures: Map<string, RefundFigures>): RefundFigures {
  const total = { paid: 0, refunded: 0, pending: 0 };
  for (const f of figures.values()) {
    total.paid += f.paid;
    total.refunded += f.refunded;
    total.pending += f.pending;
  }
  return total;
}

/** How an amount is taken: from each provider order in turn, up to what it can still refund. */
export function refundParts(
  figures: Map<string, RefundFigures>,
  amountPaise: number,
): { orderId: string; amountPaise: number }[] {
  const parts: { orderId: string; amountPaise: number }[] = [];
  let rest = amountPaise;
  for (const [orderId, f] of figures) {
    const take = Math.min(rest, Math.max(0, f.paid - f.refunded - f.pending));
    if (take > 0) parts.push({ orderId, amountPaise: take });
    rest -= take;
  }
  return parts;
}
