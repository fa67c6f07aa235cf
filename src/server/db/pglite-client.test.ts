import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { DRIZZLE_TEXT_TYPES, pgliteForDrizzle } from "./pglite-client";

type Options = Parameters<PGlite["query"]>[2];

/** A PGlite that records the options of every query and transaction query it is asked. */
function recording(pglite: PGlite) {
  const seen: Options[] = [];
  const record = <C extends Pick<PGlite, "query">>(client: C) => {
    const query = client.query.bind(client);
    client.query = ((q: string, params?: unknown[], options?: Options) => {
      seen.push(options);
      return query(q, params, options);
    }) as C["query"];
    return client;
  };
  record(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((run) => transaction((tx) => run(record(tx)))) as PGlite["transaction"];
  return seen;
}

const ROW = sql`select
  timestamptz '2026-11-28 01:02:03.456+05:30' as at,
  timestamp '2026-11-28 01:02:03' as local_at,
  date '2026-11-28' as day,
  interval '3 days' as span,
  array[timestamptz '2026-01-01 00:00+00'] as ats,
  array[date '2026-01-02'] as days,
  array[1.50, 2.25]::numeric[] as amounts,
  '{"a":[1,2],"b":"₹"}'::jsonb as doc,
  array['x','y'] as words,
  12345678901::bigint as big,
  true as yes`;

describe("PGlite as Drizzle gets it", () => {
  const plain = new PGlite();
  const fast = new PGlite();
  afterAll(async () => {
    await plain.close();
    await fast.close();
  });

  it("sets exactly the parsers Drizzle's driver sends with each query", async () => {
    const seen = recording(plain);
    await drizzle(plain).execute(sql`select 1`);
    await drizzle(plain).transaction((tx) => tx.execute(sql`select 1`));
    const drizzles = seen.filter(Boolean); // PGlite's own BEGIN goes without options
    expect(drizzles).toHaveLength(2);
    for (const options of drizzles) {
      const oids = Object.keys(options?.parsers ?? {}).map(Number);
      expect(oids.sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(options?.parsers ?? {}))
        expect(parse("2026-11-28 01:02:03+00", 0)).toBe("2026-11-28 01:02:03+00");
    }
  });

  it("answers every type the same without sending them, in and out of a transaction", async () => {
    const expected = await drizzle(plain).execute(ROW);
    const seen = recording(fast);
    const db = drizzle(await pgliteForDrizzle(fast));
    for (let i = 0; i < 2; i++) {
      // the first time parsed, the second a kept statement
      const outside = await db.execute(ROW);
      const inside = await db.transaction((tx) => tx.execute(ROW));
      expect(outside.rows).toEqual(expected.rows);
      expect(inside.rows).toEqual(expected.rows);
      expect(outside.rows[0]).toMatchObject({
        at: "2026-11-27 19:32:03.456+00",
        day: "2026-11-28",
      });
    }
    for (const options of seen) expect(options?.parsers).toBeUndefined();
  });

  it("rolls a failed transaction back", async () => {
    const db = drizzle(await pgliteForDrizzle(fast));
    await db.execute(sql`create table kept (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect((await db.execute(sql`select count(*)::int as n from kept`)).rows).toEqual([{ n: 0 }]);
  });
});
