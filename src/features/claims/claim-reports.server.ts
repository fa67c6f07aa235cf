/**
 * The claims report (docs/decisions/0251-claims-report.md): per India month, how many claims came in,
 * their share of the month's delivered orders, how many were replaced, refunded and declined, and
 * what they cost: the replaced lines at the price they sold for, and the claims' refunds that
 * succeeded (a refund still pending or failed costs nothing yet).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";

export interface ClaimMonth {
  month: string;
  claims: number;
  deliveredOrders: number;
  /** claims / delivered orders of the month, 0-1 (0 without deliveries). */
  share: number;
  replaced: number;
  /** Claims decided with a refund (a count; the money is refundPaise). */
  refunds: number;
  declined: number;
  goodwill: number;
  replacementCostPaise: number;
  refundPaise: number;
}

/** Months (YYYY-MM, India) from `from` to `to` inclusive that have a claim or a delivery. */
export async function claimMonths(db: DbOrTx, from: Date, to: Date): Promise<ClaimMonth[]> {
  const month = (column: unknown) => sql`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
  const claims = await rawRows<{
    month: string;
    claims: number;
    replaced: number;
    refunded: number;
    declined: number;
    goodwill: number;
    cost: number;
    refund: number;
  }>(
    db,
    sql`select ${month(sql`c.created_at`)} as month, count(*)::int as claims,
      count(*) filter (where c.status = 'replaced')::int as replaced,
      count(*) filter (where c.status = 'refunded')::int as refunded,
      count(*) filter (where c.status = 'declined')::int as declined,
      count(*) filter (where c.goodwill)::int as goodwill,
      coalesce(sum(c.replacement_cost_paise), 0)::int as cost,
      coalesce(sum(r.amount_paise) filter (where r.status = 'SUCCESS'), 0)::int as refund
    from damage_claims c left join refunds r on r.id = c.refund_id
    where c.created_at >= ${from} and c.created_at < ${to}
    group by 1`,
  );
  const delivered = await rawRows<{ month: string; orders: number }>(
    db,
    sql`select ${month(sql`(o.timeline->>'delivered')::timestamptz`)} as month, count(*)::int as orders
    from orders o
    where o.timeline ? 'delivered' and (o.timeline->>'delivered')::timestamptz >= ${from}
      and (o.timeline->>'delivered')::timestamptz < ${to}
    group by 1`,
  );
  const months = new Map<string, ClaimMonth>();
  const at = (m: string) => {
    let row = months.get(m);
    if (!row) {
      row = {
        month: m,
        claims: 0,
        deliveredOrders: 0,
        share: 0,
        replaced: 0,
        refunds: 0,
        declined: 0,
        goodwill: 0,
        replacementCostPaise: 0,
        refundPaise: 0,
      };
      months.set(m, row);
    }
    return row;
  };
  for (const d of delivered) at(d.month).deliveredOrders = Number(d.orders);
  for (const c of claims)
    Object.assign(at(c.month), {
      claims: Number(c.claims),
      replaced: Number(c.replaced),
      refunds: Number(c.refunded),
      declined: Number(c.declined),
      goodwill: Number(c.goodwill),
      replacementCostPaise: Number(c.cost),
      refundPaise: Number(c.refund),
    });
  for (const row of months.values())
    row.share = row.deliveredOrders
      ? Math.round((row.claims / row.deliveredOrders) * 10_000) / 10_000
      : 0;
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
