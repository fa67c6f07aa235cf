/**
 * Statements built once per shape (built-once.ts, docs/decisions/0331-hot-statements-built-once.md):
 * a shape's text is built on its first run only; each run's values go through their column's
 * encoder; a run inside a transaction is part of it (rolled back with it). Both engines.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { createTestDb, dbKinds, type TestDb } from "../../../tests/helpers/db";
import { builtOnce, SHAPES_KEPT } from "./built-once";

const { rateLimits } = schema;

describe.each(dbKinds)("statements built once on %s", (kind) => {
  let t: TestDb;
  let builds = 0;
  /** An upsert of `rows` rate-limit rows (placeholders key0.., at), answering their counts. */
  const upsert = builtOnce(
    (rows: number) => String(rows),
    (rows, db) => {
      builds++;
      return db
        .insert(rateLimits)
        .values(
          Array.from({ length: rows }, (_, i) => ({
            key: sql.placeholder(`key${i}`),
            windowStart: sql.placeholder("at"),
            count: 1,
          })),
        )
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ key: rateLimits.key, count: rateLimits.count })
        .getSQL();
    },
  );
  const at = new Date("2030-01-01T10:00:00Z");

  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("builds a shape's text once and runs it with each run's values", async () => {
    builds = 0;
    const first = await upsert.rows<{ key: string; count: number }>(t.db, 2, {
      key0: "once:a",
      key1: "once:b",
      at,
    });
    const again = await upsert.rows<{ key: string; count: number }>(t.db, 2, {
      key0: "once:a",
      key1: "once:c",
      at,
    });
    expect(builds).toBe(1);
    expect(first).toEqual([
      { key: "once:a", count: 1 },
      { key: "once:b", count: 1 },
    ]);
    expect(again).toEqual([
      { key: "once:a", count: 2 },
      { key: "once:c", count: 1 },
    ]);
    // The Date went through the timestamp column's encoder.
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "once:c"));
    expect(row?.windowStart.toISOString()).toBe(at.toISOString());
    expect(upsert.query(2, t.db).sql).toBe(upsert.query(2, t.db).sql);
  });

  it("runs inside the transaction it is given: rolled back with it", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await upsert.rows(tx, 1, { key0: "once:rolled-back", at });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    await t.db.transaction(async (tx) => {
      await upsert.rows(tx, 1, { key0: "once:kept", at });
    });
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("once:kept");
    expect(keys).not.toContain("once:rolled-back");
  });

  it("past the shapes it keeps, builds each run and still answers", async () => {
    builds = 0;
    for (let rows = 3; rows < SHAPES_KEPT + 5; rows++) {
      const values: Record<string, unknown> = { at };
      for (let i = 0; i < rows; i++) values[`key${i}`] = `many:${rows}:${i}`;
      expect(await upsert.rows(t.db, rows, values)).toHaveLength(rows);
    }
    expect(builds).toBe(SHAPES_KEPT + 2); // each new shape built once
    const last = SHAPES_KEPT + 4;
    const values = (rows: number): Record<string, unknown> => {
      const all: Record<string, unknown> = { at };
      for (let i = 0; i < rows; i++) all[`key${i}`] = `again:${rows}:${i}`;
      return all;
    };
    await upsert.rows(t.db, 3, values(3));
    expect(builds).toBe(SHAPES_KEPT + 2); // shape 3 is kept (1, 2 and 3..64 fill the cache)
    await upsert.rows(t.db, last, values(last));
    expect(builds).toBe(SHAPES_KEPT + 3); // a shape past them is built for each run
  });
});
