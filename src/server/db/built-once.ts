/**
 * Statements whose SQL is built once per shape (docs/decisions/0331-hot-statements-built-once.md).
 *
 * Drizzle builds a statement's text and parameter list from its query builder on every run (walking
 * the builder's chunks: `buildQueryFromSourceParams`), which on a cart add cost more CPU than some
 * of the statements' own work. Here a hot statement is written once per shape with
 * `sql.placeholder(name)` where its values go, turned into its text and parameter list once, and
 * each run only fills the placeholders (each through its column's encoder, as Drizzle does) and
 * runs the same text on the handle it is given: the database or a transaction, either engine.
 * The drivers keep each text prepared (node-postgres by its text, PGlite through
 * pglite-statements.ts), so the database side is as before.
 *
 * A shape is what changes the text (how many rows an insert writes, which optional parts it has);
 * `key` names it; `build` writes it, its query builders made on the handle of the first run (only
 * their text is kept). Only a bounded number of shapes are kept; past that, a statement is built for the
 * one run, as before.
 */
import type { Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/** Shapes kept per statement; a shape past these is built for each run. */
export const SHAPES_KEPT = 64;

/** The one dialect: the handles are made without a casing option, so they build the same text. */
const dialect = new PgDialect();

export interface BuiltOnce<Shape> {
  /** Runs the statement of `shape` with `values` (one per placeholder) on `db`; its rows. */
  rows<Row>(db: DbOrTx, shape: Shape, values: Record<string, unknown>): Promise<Row[]>;
  /** The text and parameters of `shape` as built, its builders made on `db` (for tests). */
  query(shape: Shape, db: DbOrTx): Query;
}

export function builtOnce<Shape>(
  key: (shape: Shape) => string,
  build: (shape: Shape, db: DbOrTx) => SQL,
): BuiltOnce<Shape> {
  const kept = new Map<string, Query>();
  const query = (shape: Shape, db: DbOrTx): Query => {
    const name = key(shape);
    const known = kept.get(name);
    if (known) return known;
    const built = dialect.sqlToQuery(build(shape, db));
    if (kept.size < SHAPES_KEPT) kept.set(name, built);
    return built;
  };
  return {
    query,
    async rows<Row>(db: DbOrTx, shape: Shape, values: Record<string, unknown>) {
      // What db.execute(sql) does once the text is built: a one-off prepared query of the session.
      const result = (await db._.session
        .prepareQuery(query(shape, db), undefined, undefined, false)
        .execute(values)) as { rows?: Row[] } | Row[];
      return Array.isArray(result) ? result : (result.rows ?? []);
    },
  };
}
