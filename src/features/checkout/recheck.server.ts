/**
 * The pending-order re-check (docs/decisions/0014, 0056): every minute while a provider order
 * lives, ask the provider about each pending order, so a shopper who paid and closed the tab still
 * gets the order; once it has expired unpaid, cancel it, and keep asking on a slowing schedule for
 * a day after expiry (an attempt begun before expiry can still succeed: a late success, recorded as
 * decision 0045 says), then stop with a line in the order's log. Orders are claimed with FOR
 * UPDATE SKIP LOCKED and their next check pushed forward in the same statement, so with several
 * app servers on one PostgreSQL each order is checked by one of them.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { ProviderError, type PaymentProvider } from "~/server/payments/provider";
import { logOrder } from "~/features/orders/order-log.server";
import { expireOrder, LATE_CHECK_WINDOW_MS, nextCheckAfterExpiry } from "./payment-record.server";
import { syncWithProvider } from "./payment-sync.server";
import { rawRows } from "~/server/db/raw-rows";
import { log } from "~/server/log/logger";

export const RECHECK_EVERY_MS = 60_000;

async function claimDue(db: Db, provider: string, now: Date, batch: number): Promise<Due[]> {
  return rawRows<Due>(
    db,
    sql`
    update orders set next_check_at = ${new Date(now.getTime() + RECHECK_EVERY_MS)}
    where id in (
      select id from orders
      where (status = 'pending' or (status = 'cancelled' and payment_status = 'Expired' and paid_at is null))
        and provider = ${provider} and next_check_at is not null and next_check_at <= ${now}
      order by next_check_at limit ${batch} for update skip locked)
    returning id, status, expires_at`,
  );
}

type Due = { id: string; status: string; expires_at: string | Date | null };

/** An expired order checked once more: schedule the next look, or stop and say so in its log. */
async function afterLateCheck(db: Db, id: string, expiresAt: Date, now: Date): Promise<void> {
  const next = nextCheckAfterExpiry(expiresAt, now);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ nextCheckAt: next })
      .where(
        sql`${orders.id} = ${id} and ${orders.status} = 'cancelled' and ${orders.paidAt} is null`,
      )
      .returning({ id: orders.id });
    if (updated.length && !next)
      await logOrder(
        tx,
        id,
        "recheck",
        `No payment arrived in the ${LATE_CHECK_WINDOW_MS / 3_600_000} hours after the payment order expired; the shop stopped asking the provider about it.`,
        null,
        now,
      );
  });
}

/** One pass: answers how many orders were looked at and how many were expired. */
export async function recheckDueOrders(
  db: Db,
  provider: PaymentProvider,
  now = new Date(),
  batch = 20,
): Promise<{ checked: number; expired: number }> {
  const due = await claimDue(db, provider.name, now, batch);
  let expired = 0;
  for (const row of due) {
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    const pastExpiry = !expiresAt || expiresAt.getTime() <= now.getTime();
    let remoteStatus: string | null = null;
    if (row.status === "cancelled") {
      try {
        await syncWithProvider(db, provider, row.id, now, "recheck");
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        log.error(`[payments] late re-check of ${row.id} failed: ${error.message}`);
      }
      await afterLateCheck(db, row.id, expiresAt ?? now, now);
      continue;
    }
    try {
      remoteStatus = (await syncWithProvider(db, provider, row.id, now, "recheck")).status;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error(`[payments] re-check of ${row.id} failed: ${error.message}`);
      // A provider order that was never created (creation failed) cannot be asked about.
      if (!(pastExpiry && error.status === 404)) continue;
      remoteStatus = "EXPIRED";
    }
    if (
      pastExpiry &&
      remoteStatus !== "ACTIVE" &&
      remoteStatus !== "PAID" &&
      (await expireOrder(db, row.id, now))
    )
      expired++;
  }
  return { checked: due.length, expired };
}
