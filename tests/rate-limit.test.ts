/** The rate limiter's hit() and hitEach() against a real database: fixed windows, exact counts under concurrency, pruning. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { hit, hitEach, windowStartFor } from "~/server/rate-limit.server";
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

  it("hitEach counts every key in one statement, a refused one included, and answers in the order asked", async () => {
    const now = new Date("2030-01-01T10:20:00Z");
    const opts = { now, pruneProbability: 0 };
    await hit(t.db, "test:uid:a", 1, HOUR, opts);
    const results = await hitEach(
      t.db,
      [
        { key: "test:uid:a", limit: 1 },
        { key: "test:ip:x", limit: 5 },
      ],
      HOUR,
      opts,
    );
    expect(results.map((r) => r.allowed)).toEqual([false, true]);
    expect(results[0]!.retryAfterSeconds).toBe(40 * 60);
    const counts = Object.fromEntries(
      (await t.db.select().from(schema.rateLimits)).map((r) => [r.key, r.count]),
    );
    expect(counts).toEqual({ "test:uid:a": 2, "test:ip:x": 1 });
  });

  it("hitEach from many connections at once, keys shared in either order: exact counts, no deadlock", async () => {
    const now = new Date();
    const opts = { now, pruneProbability: 0 };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        hitEach(
          t.db,
          i % 2
            ? [
                { key: `test:uid:${i % 4}`, limit: 100 },
                { key: "test:ip:shared", limit: 12 },
              ]
            : [
                { key: "test:ip:shared", limit: 12 },
                { key: `test:uid:${i % 4}`, limit: 100 },
              ],
          HOUR,
          opts,
        ),
      ),
    );
    const shared = results.map((r, i) => r[i % 2 ? 1 : 0]!.allowed);
    expect(shared.filter(Boolean)).toHaveLength(12);
    const rows = await t.db.select().from(schema.rateLimits);
    expect(rows.find((r) => r.key === "test:ip:shared")?.count).toBe(20);
    expect(rows.filter((r) => r.key.startsWith("test:uid:")).reduce((n, r) => n + r.count, 0)).toBe(
      20,
    );
  });
});
