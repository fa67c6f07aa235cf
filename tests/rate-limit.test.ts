/** The rate limiter's hit() against a real database: fixed windows, exact counts under concurrency, pruning. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "../src/server/db/client";
import { hit, windowStartFor } from "../src/server/rate-limit.server";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

describe.each(dbKinds)("rate limit hit() on %s", (kind) => {
  let t: TestDb;
  const HOUR = 3_600_000;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(schema.rateLimits);
  });

  it("allows `limit` hits per fixed window, then refuses until the next window", async () => {
    const start = windowStartFor(new Date("2030-01-01T10:20:00Z"), HOUR);
    const at = (ms: number) => ({ now: new Date(start.getTime() + ms), pruneProbability: 0 });
    for (let i = 0; i < 3; i++)
      expect(await hit(t.db, "test:a", 3, HOUR, at(i * 1000))).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    expect(await hit(t.db, "test:a", 3, HOUR, at(HOUR - 90_500))).toEqual({
      allowed: false,
      retryAfterSeconds: 91,
    });
    expect((await hit(t.db, "test:b", 3, HOUR, at(5000))).allowed).toBe(true);
    expect((await hit(t.db, "test:a", 3, HOUR, at(HOUR))).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (atomic upsert)", async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        hit(t.db, "test:burst", 5, HOUR, { now, pruneProbability: 0 }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const [row] = await t.db.select().from(schema.rateLimits);
    expect(row?.count).toBe(20);
  });

  it("prunes ended windows of the same limiter only", async () => {
    const now = new Date("2030-01-01T10:20:00Z");
    const old = new Date(now.getTime() - 3 * HOUR);
    await hit(t.db, "test:x", 5, HOUR, { now: old, pruneProbability: 0 });
    await hit(t.db, "other:x", 5, HOUR, { now: old, pruneProbability: 0 });
    await hit(t.db, "test:y", 5, HOUR, { now, pruneProbability: 1 });
    const keys = (await t.db.select().from(schema.rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(["other:x", "test:y"]);
  });
});
