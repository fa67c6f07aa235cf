/**
 * What a backup, a restore and a move need to know about the database, read from its own catalog
 * so that a table added by a later migration is included without a change here: the shop's tables
 * in foreign-key order, their primary keys, row counts and the sum of every money column.
 * Works the same on PGlite and PostgreSQL (docs/decisions/0079-backups-and-moving.md).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";

export interface TableInfo {
  name: string;
  /** Primary-key columns, to dump rows in a stable order. */
  key: string[];
  /** Columns holding money (integer paise, `*_paise`), summed to check a copy. */
  money: string[];
}

/** A quoted SQL identifier (names come from the catalog, never from a person). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The shop's tables (schema public), each after every table it references. */
export async function listTables(db: DbOrTx): Promise<TableInfo[]> {
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const columns = await rawRows<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and column_name like '%\_paise' order by ordinal_position`,
  );
  const keys = await rawRows<{ table: string; column: string }>(
    db,
    sql`select tc.table_name as "table", kcu.column_name as "column"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
        order by kcu.ordinal_position`,
  );
  const references = await rawRows<{ from: string; to: string }>(
    db,
    sql`select cl.relname as "from", ref.relname as "to"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_class ref on ref.oid = c.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const info = new Map<string, TableInfo>(
    tables.map(({ name }) => [name, { name, key: [], money: [] }]),
  );
  for (const { table, column } of keys) info.get(table)?.key.push(column);
  for (const { table, column } of columns) info.get(table)?.money.push(column);
  return foreignKeyOrder([...info.values()], references);
}

/** Tables ordered so that each comes after the tables it references (self-references ignored). */
export function foreignKeyOrder(
  tables: TableInfo[],
  references: { from: string; to: string }[],
): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      throw new Error(`Foreign keys form a cycle: ${[...path, name].join(" -> ")}`);
    }
    state.set(name, "visiting");
    for (const r of references) {
      if (r.from === name && r.to !== name && byName.has(r.to)) visit(r.to, [...path, name]);
    }
    state.set(name, "done");
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const table of tables) visit(table.name, []);
  return ordered;
}

/** Row count and money sums of one table, as exact strings (sums can pass 2^53 paise). */
export interface TableFigures {
  rows: number;
  money: Record<string, string>;
}

export async function tableFigures(db: DbOrTx, table: TableInfo): Promise<TableFigures> {
  const sums = table.money.map((c) => `coalesce(sum(${ident(c)}), 0)::text as ${ident(c)}`);
  const [row] = await rawRows<Record<string, string | number>>(
    db,
    sql.raw(`select count(*)::int as "__rows"${sums.map((s) => `, ${s}`).join("")}
             from ${ident(table.name)}`),
  );
  const money: Record<string, string> = {};
  for (const c of table.money) money[c] = String(row?.[c] ?? "0");
  return { rows: Number(row?.__rows ?? 0), money };
}

/** How many committed migrations this database has applied (Drizzle's own table). */
export async function schemaVersion(db: DbOrTx): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}
