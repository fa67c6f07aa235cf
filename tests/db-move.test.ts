/**
 * `npm run db:move`: an embedded (PGlite) shop copied into an empty PostgreSQL database, every
 * table's rows and money sums the same on both sides; a target with data is refused untouched.
 * Needs a PostgreSQL server (TEST_DATABASE_URL, set by .ci/run); without one there is no target.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MoveRefused, moveDatabase } from "~/server/backup/move.server";
import { openDb } from "~/server/db/client";
import { emptyPostgres, everyRow, MIGRATIONS, shopWithData } from "./helpers/backup";
import { createTestDb, type TestDb } from "./helpers/db";

describe.runIf(process.env.TEST_DATABASE_URL)("moving a PGlite shop to PostgreSQL", () => {
  let source: TestDb;
  let target: Awaited<ReturnType<typeof emptyPostgres>>;

  beforeAll(async () => {
    source = await createTestDb("pglite");
    await shopWithData(source.db, 25);
    target = await emptyPostgres();
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
  });

  it("copies every row, and both sides have the same counts and money sums", async () => {
    const handle = await openDb({ url: target.url, migrationsDir: MIGRATIONS });
    try {
      const moved = await moveDatabase(source.db, handle.db);
      const orders = moved.find((t) => t.name === "orders");
      expect(orders?.source).toEqual({
        rows: 25,
        money: expect.objectContaining({ total_paise: String(25 * 349700) }),
      });
      expect(orders?.target).toEqual(orders?.source);
      expect(await everyRow(handle.db)).toEqual(await everyRow(source.db));
    } finally {
      await handle.close();
    }
  });

  it("refuses a target that is not empty, and leaves it as it was", async () => {
    const handle = await openDb({ url: target.url, migrationsDir: MIGRATIONS });
    try {
      const before = await everyRow(handle.db);
      await expect(moveDatabase(source.db, handle.db)).rejects.toThrow(MoveRefused);
      await expect(moveDatabase(source.db, handle.db)).rejects.toThrow(
        /The target database is not empty/,
      );
      expect(await everyRow(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  });
});
