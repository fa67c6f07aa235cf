/**
 * A suite's database, written once: inside describe(), a fresh database of the kind
 * (tests/helpers/db.ts) made before the suite's first test and filled by `seed`, closed after its
 * last. The answer reads through to it, so the suite writes `t.db` as with createTestDb.
 *
 *   describe.each(dbKinds)("… on %s", (kind) => {
 *     const t = useTestDb(kind, async (t) => { await t.db.insert(…) });
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDb, type TestDb } from "./db";

export function useTestDb(kind: TestDb["kind"], seed?: (t: TestDb) => Promise<void>): TestDb {
  let made: TestDb | undefined;
  beforeAll(async () => {
    made = await createTestDb(kind);
    await seed?.(made);
  });
  afterAll(async () => {
    await made?.close();
  });
  return {
    get db() {
      if (!made) throw new Error("the suite's database is made in beforeAll");
      return made.db;
    },
    kind,
    close: async () => {
      throw new Error("the suite's database is closed after the suite");
    },
  };
}
