/**
 * The pending-order re-check (issue 9 §5): every minute while a provider order lives, ask the
 * provider about each pending order, so a shopper who paid and closed the tab still gets the order;
 * once it has expired unpaid, cancel it. Orders are claimed with FOR UPDATE SKIP LOCKED and their
 * next check pushed forward in the same statement, so with several app servers on one PostgreSQL
 * each order is checked by one of them.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { orders } from "../../server/db/schema";
import { ProviderError, type PaymentProvider } from "../../server/payments/provider";
import { expireOrder } from "./payment-record.server";
import { syncWithProvider } from "./verify.server";
import { rawRows } from "../../server/db/raw-rows";

export const RECHECK_EVERY_MS = 60_000;

async function claimDue(
  db: Db,
  provider: string,
  now: Date,
  batch: number,
): Promise<{ id: string; expires_at: string | Date | null }[]> {
  return rawRows<{ id: string; expires_at: string | Date | null }>(
    db,
    sql`
    update orders set next_check_at = ${new Date(now.getTime() + RECHECK_EVERY_MS)}
    where id in (
      select id from orders
      where status = 'pending' and provider = ${provider} and next_check_at is not null and next_check_at <= ${now}
      order by next_check_at limit ${batch} for update skip locked)
    returning id, expires_at`,
  );
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
    try {
      remoteStatus = (await syncWithProvider(db, provider, row.id, now)).status;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.error(`[payments] re-check of ${row.id} failed: ${error.message}`);
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
