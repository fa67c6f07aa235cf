/**
 * What every export shares (docs/decisions/0092-csv-exports.md): the keyset cursor read back from
 * PostgreSQL's own text of a timestamp (so microseconds are kept and no row repeats or goes
 * missing between pages), and the page of rows turned into CSV cells.
 */
import { sql, type SQL } from "drizzle-orm";
import { indiaClockSql } from "~/lib/dates-sql.server";
import type { DbOrTx } from "~/server/db/client";
import type { Cell } from "~/features/reports/csv";
import type { CsvFile } from "~/features/reports/csv-stream.server";
import { INDEX_ORDER, plannedRows } from "~/features/reports/planned.server";

/** Rows per statement. */
export const EXPORT_PAGE = 1000;

/** An export before it is named: its header and its pages. */
export type ExportBody = Omit<CsvFile, "filename">;

/** A keyset cursor: the timestamp as PostgreSQL wrote it (microseconds kept) and the ids after it. */
export interface Keyed {
  k_at: string;
  k_id: string;
}

/**
 * An instant as India time, written by the database (`2026-01-03 00:05:09`): sortable, read by
 * every spreadsheet, and no date object per cell on the server.
 */
export function indiaText(column: SQL): SQL {
  return sql`to_char(${indiaClockSql(column)}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/**
 * `column = any('{...}'::text[])`: a page's ids as ONE parameter (a PostgreSQL array literal, every
 * element quoted), which costs a quarter of a thousand separate parameters to send and plan.
 */
export function anyOf(column: SQL, ids: readonly string[]): SQL {
  const literal = `{${ids.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
  return sql`${column} = any(${literal}::text[])`;
}

/** Turns a keyset walk's pages of raw rows into pages of CSV cells. */
export async function* cells<Row>(
  pages: AsyncIterable<Row[]>,
  toCells: (row: Row) => Cell[],
): AsyncGenerator<Cell[][]> {
  for await (const page of pages) yield page.map(toCells);
}

/**
 * `and (at, id) > cursor`, with `at >= cursor's time` beside it: the plain range is what lets the
 * planner start the index scan at the cursor when the index has the timestamp alone.
 */
export function afterKey(after: Keyed | undefined, at: SQL, id: SQL): SQL {
  return after
    ? sql`and ${at} >= ${after.k_at}::timestamptz and (${at}, ${id}) > (${after.k_at}::timestamptz, ${after.k_id})`
    : sql``;
}

/** One page of a keyset walk, read in the index's order (src/features/reports/planned.server.ts). */
export function pageRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return plannedRows<Row>(db, INDEX_ORDER, query);
}
