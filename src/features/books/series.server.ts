/**
 * The next number of a document series (docs/decisions/0082, 0084): one `insert ... on conflict do
 * update ... returning` on the series' row for the financial year, inside the issuing transaction.
 * The row stays locked until that transaction ends, so concurrent payments on any number of app
 * servers queue on it, and a rolled-back transaction gives its number back: no gaps, no repeats.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";

export async function nextSequence(tx: Tx, series: string, financialYear: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    tx,
    sql`insert into document_series (series, financial_year, last_number)
        values (${series}, ${financialYear}, 1)
        on conflict (series, financial_year)
        do update set last_number = document_series.last_number + 1
        returning last_number as n`,
  );
  if (!row) throw new Error(`no number for series ${series} ${financialYear}`);
  return Number(row.n);
}
