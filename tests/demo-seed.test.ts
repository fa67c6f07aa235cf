/**
 * The demo catalogue goes into an empty database in demo mode only, unless asked explicitly
 * (SEED_DEMO=true, or `npm run seed -- --demo`): a production start with default settings seeds
 * nothing (docs/limits-and-readiness.md). The rule, then prepareDatabase (what `npm start` and
 * `npm run seed` run) on PGlite and PostgreSQL.
 */
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "~/server/cli/prepare";
import { schema, setDbForTests } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { DEMO_SEED_SKIPPED, shouldSeedDemo } from "~/server/seed/demo-seed-choice";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

describe("when the demo catalogue is seeded", () => {
  it.each([
    [true, undefined, false, true],
    [true, "false", false, false],
    [false, undefined, false, false],
    [false, "", false, false],
    [false, "true", false, true],
    [false, "false", true, true],
    [false, undefined, true, true],
  ] as const)(
    "demo mode %s, SEED_DEMO %s, --demo %s: %s",
    (demoMode, seedDemo, demoFlag, seeds) => {
      expect(shouldSeedDemo({ demoMode, seedDemo, demoFlag })).toBe(seeds);
    },
  );
});

describe.each(dbKinds)("preparing a production database on %s", (kind) => {
  const saved = { ...process.env };
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });
  afterAll(async () => {
    await t.close();
  });

  /** prepareDatabase closes the app's database when done: hand it one whose close does nothing. */
  async function prepare(env: Record<string, string | undefined>, demoFlag = false) {
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    delete process.env.ADMIN_EMAILS;
    resetEnvForTests();
    setDbForTests({ db: t.db, close: async () => {} });
    const lines = await prepareDatabase({ demoFlag });
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(schema.products);
    return { lines, products: n };
  }

  it("with demo mode off and default settings seeds no product, and says how to ask", async () => {
    const { lines, products } = await prepare({ DEMO_MODE: "false", SEED_DEMO: undefined });
    expect(products).toBe(0);
    expect(lines).toContain(DEMO_SEED_SKIPPED);
  });

  it("with `npm run seed -- --demo` seeds the 40 products", async () => {
    const { lines, products } = await prepare({ DEMO_MODE: "false", SEED_DEMO: undefined }, true);
    expect(products).toBe(40);
    expect(lines.join("\n")).toMatch(/Seeded the demo catalogue: 40 products/);
  });
});
