/**
 * Report statements with the plan their shape needs, whatever the planner's statistics
 * (docs/decisions/0090-reports-read-model.md). PGlite never analyzes its tables (an embedded
 * database runs no autovacuum), and without statistics the planner guesses a handful of rows for
 * any date range: it then joins 100,000 invoices to their lines by 100,000 index probes, or sorts
 * every remaining row of an export for each page. Each statement here runs in its own short
 * transaction with the named plan kinds switched off for it alone (`set_config(..., true)` is
 * local to the transaction); on PostgreSQL with fresh statistics the plans are the same.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";

type PlanKind = "bitmapscan" | "sort" | "nestloop";

/** A scan or a join of the whole period: hash joins and hash aggregates, no row-by-row probes. */
export const WHOLE_PERIOD: readonly PlanKind[] = ["nestloop", "sort"];
/** One page of a keyset walk: the ordered index scan that stops at the page's limit. */
export const INDEX_ORDER: readonly PlanKind[] = ["bitmapscan", "sort"];

export function plannedRows<Row>(db: DbOrTx, off: readonly PlanKind[], query: SQL): Promise<Row[]> {
  // A switched-off plan kind is priced, not forbidden: its huge cost would cross PostgreSQL's JIT
  // threshold and compile every statement for a second, so JIT is off with them.
  const settings = sql.join(
    [...off.map((kind) => `enable_${kind}`), "jit"].map(
      (name) => sql`set_config(${name}, 'off', true)`,
    ),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${settings}`);
    return rawRows<Row>(tx, query);
  });
}
