/**
 * The rows of a raw SQL statement (db.execute), typed by the caller. Both drivers answer an object
 * with `rows` (PGlite and node-postgres); drizzle types it loosely, so this is the one place that
 * says what comes back, instead of a cast at every call.
 */
import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

export async function rawRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
