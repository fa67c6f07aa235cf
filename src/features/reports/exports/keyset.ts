/**
 * What every export shares (docs/decisions/0092-csv-exports.md): the keyset cursor read back from
 * PostgreSQL's own text of a timestamp (so microseconds are kept and no row repeats or goes
 * missing between pages), and the page of rows turned into CSV cells.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../server/db/client";
import { rawRows } from "../../../server/db/raw-rows";
import type { Cell } from "../csv";
import type { CsvFile } from "../csv-stream.server";

/** Rows per statement. */
export const EXPORT_PAGE = 1000;

/** An export before it is named: its header and its pages. */
export type ExportBody = Omit<CsvFile, "filename">;

/** A keyset cursor: the timestamp as PostgreSQL wrote it (microseconds kept) and the ids after it. */
export interface Keyed {
  k_at: string;
  k_id: string;
}

export type Name = { firstName?: string; lastName?: string; email?: string; phone?: string };
export type Place = { city?: string; state?: string; zipCode?: string };

export const fullName = (name: Name | null | undefined) =>
  `${name?.firstName ?? ""} ${name?.lastName ?? ""}`.trim();

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

/**
 * One page of a keyset walk, read in the index's order (docs/decisions/0092-csv-exports.md). PGlite
 * never analyzes its tables (an embedded database runs no autovacuum), and without statistics the
 * planner guesses a handful of rows and picks a bitmap scan plus a sort of every row after the
 * cursor, so each page would cost as much as the rest of the file. For this one statement bitmap
 * scans and full sorts are switched off (`set_config(..., true)`: local to its own short
 * transaction), which leaves the ordered index scan that stops at the page's limit.
 */
export function pageRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`,
    );
    return rawRows<Row>(tx, query);
  });
}
