/** The payments and refunds export. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../server/db/client";
import { rawRows } from "../../../server/db/raw-rows";
import { indiaStamp, money } from "../csv";
import { keysetPages } from "../csv-stream.server";
import { rangeInstants, type DayRange } from "../report-range";
import { EXPORT_PAGE, cells, type ExportBody, type Keyed } from "./keyset";

interface MoneyRow extends Keyed {
  k_kind: string;
  k_ref: string;
  order_id: string;
  kind: string;
  ref: string;
  provider: string;
  status: string;
  amount_paise: number;
  at: Date | null;
  detail: string;
}

/** Payments and refunds of the orders placed in the period, each order's together, payments first. */
export function paymentsExport(db: DbOrTx, range: DayRange, size = EXPORT_PAGE): ExportBody {
  const { start, end } = rangeInstants(range);
  const read = (after: (Keyed & { k_kind: string; k_ref: string }) | undefined, size: number) =>
    rawRows<MoneyRow>(
      db,
      sql`select * from (
          select o.created_at::text as k_at, o.id as k_id, 'a' as k_kind, p.provider_payment_id as k_ref,
            o.id as order_id, 'payment' as kind, p.provider_payment_id as ref, p.provider, p.status,
            p.amount_paise, coalesce(p.completed_at, p.payment_time, p.created_at) as at,
            p.outcome as detail, o.created_at as placed
          from orders o join payments p on p.order_id = o.id
          where o.created_at >= ${start} and o.created_at < ${end}
          union all
          select o.created_at::text, o.id, 'b', r.id, o.id, 'refund', r.id, r.provider, r.status,
            r.amount_paise, coalesce(r.processed_at, r.created_at), r.reason, o.created_at
          from orders o join refunds r on r.order_id = o.id
          where o.created_at >= ${start} and o.created_at < ${end}
        ) m
        ${after ? sql`where (m.placed, m.k_id, m.k_kind, m.k_ref) > (${after.k_at}::timestamptz, ${after.k_id}, ${after.k_kind}, ${after.k_ref})` : sql``}
        order by m.placed, m.k_id, m.k_kind, m.k_ref limit ${size}`,
    );
  return {
    header: [
      "Order id",
      "Kind",
      "Payment or refund id",
      "Provider",
      "Status",
      "Amount",
      "At (India time)",
      "Outcome or reason",
    ],
    pages: cells(
      keysetPages(read, (row) => row, size),
      (m) => [
        m.order_id,
        m.kind,
        m.ref,
        m.provider,
        m.status,
        money(m.amount_paise),
        indiaStamp(m.at),
        m.detail,
      ],
    ),
  };
}
