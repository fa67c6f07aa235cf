/**
 * The payments and refunds export: the orders placed in the period are walked a page at a time by
 * their index (placed time, id), and each page's payments and refunds are read in one statement,
 * each order's together, payments first.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { money, type Cell } from "~/features/reports/csv";
import { keysetPages } from "~/features/reports/csv-stream.server";
import { rangeInstants, type DayRange } from "~/features/reports/report-range";
import {
  EXPORT_PAGE,
  afterKey,
  anyOf,
  indiaText,
  pageRows,
  type ExportBody,
  type Keyed,
} from "./keyset";

interface MoneyRow {
  order_id: string;
  kind: "payment" | "refund";
  ref: string;
  provider: string;
  status: string;
  amount_paise: number;
  at: string | null;
  detail: string;
}

async function* moneyPages(db: DbOrTx, range: DayRange, size: number): AsyncGenerator<Cell[][]> {
  const { start, end } = rangeInstants(range);
  const orderPages = keysetPages(
    (after: Keyed | undefined, limit: number) =>
      pageRows<Keyed>(
        db,
        sql`select o.created_at::text as k_at, o.id as k_id from orders o
          where o.created_at >= ${start} and o.created_at < ${end}
          ${afterKey(after, sql`o.created_at`, sql`o.id`)}
          order by o.created_at, o.id limit ${limit}`,
      ),
    (row) => row,
    size,
  );
  for await (const page of orderPages) {
    const ids = page.map((o) => o.k_id);
    const rows = await rawRows<MoneyRow>(
      db,
      sql`select order_id, 'payment' as kind, provider_payment_id as ref, provider, status,
          amount_paise, ${indiaText(sql`coalesce(completed_at, payment_time, created_at)`)} as at, outcome as detail
        from payments where ${anyOf(sql`order_id`, ids)}
        union all
        select order_id, 'refund', id, provider, status, amount_paise,
          ${indiaText(sql`coalesce(processed_at, created_at)`)}, reason
        from refunds where ${anyOf(sql`order_id`, ids)}`,
    );
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort(
      (a, b) =>
        (position.get(a.order_id) ?? 0) - (position.get(b.order_id) ?? 0) ||
        (a.kind === b.kind ? 0 : a.kind === "payment" ? -1 : 1) ||
        (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0),
    );
    if (rows.length)
      yield rows.map((m) => [
        m.order_id,
        m.kind,
        m.ref,
        m.provider,
        m.status,
        money(m.amount_paise),
        m.at ?? "",
        m.detail,
      ]);
  }
}

/** Payments and refunds of the orders placed in the period (whenever they happened). */
export function paymentsExport(db: DbOrTx, range: DayRange, size = EXPORT_PAGE): ExportBody {
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
    pages: moneyPages(db, range, size),
  };
}
