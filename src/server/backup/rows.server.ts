/**
 * Rows out of a table and into another database, as JSON text per row. PostgreSQL itself turns a
 * row into JSON (`row_to_json`) and back (`json_populate_recordset`), so every column type
 * (timestamps, jsonb, arrays, text) survives the trip exactly, on PGlite and PostgreSQL alike.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { ident, type TableInfo } from "./tables.server";

/** Rows per statement: large enough to be quick, small enough to keep memory flat. */
export const BATCH_ROWS = 500;

/** The table's rows as JSON texts, in primary-key order, a batch at a time. */
export async function* tableBatches(
  db: DbOrTx,
  table: TableInfo,
  size = BATCH_ROWS,
): AsyncGenerator<string[]> {
  const order = table.key.length > 0 ? table.key.map(ident).join(", ") : "1";
  for (let offset = 0; ; offset += size) {
    const rows = await rawRows<{ j: string }>(
      db,
      sql.raw(
        `select row_to_json(t)::text as j from ${ident(table.name)} t order by ${order} limit ${size} offset ${offset}`,
      ),
    );
    if (rows.length > 0) yield rows.map((r) => r.j);
    if (rows.length < size) return;
  }
}

/** Inserts rows given as JSON texts (one object per row, as `tableBatches` gives them). */
export async function insertBatch(db: DbOrTx, table: TableInfo, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const name = ident(table.name);
  await db.execute(
    sql`insert into ${sql.raw(name)} select * from json_populate_recordset(null::${sql.raw(name)}, ${`[${rows.join(",")}]`}::json)`,
  );
}

/**
 * After rows were copied in with their own values, each column filled by a sequence (an identity
 * column such as orders.number, or a serial) moves its sequence past the largest value copied, so
 * the next row the shop writes does not take a number a copied row already holds.
 */
export async function followSequences(db: DbOrTx): Promise<void> {
  const columns = await rawRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')
        order by table_name, column_name`,
  );
  for (const { table_name: table, column_name: column } of columns) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${ident(table)}', '${column.replaceAll("'", "''")}'), max(${ident(column)})) from ${ident(table)} having max(${ident(column)}) is not null`,
      ),
    );
  }
}
