import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteForDrizzle } from "./pglite-client";
import { NamedStatements } from "./pglite-statements";

const things = pgTable("things", {
  id: text("id").primaryKey(),
  n: integer("n").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});
const CREATE = sql`create table things (id text primary key, n int not null, at timestamptz not null)`;

/** Counts the protocol messages of each kind PGlite sends into its engine (P = Parse, B = Bind). */
function countMessages(pglite: PGlite): Map<string, number> {
  const counts = new Map<string, number>();
  const send = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = (message, options) => {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    for (let at = 0; at < message.length; at += 1 + view.getInt32(at + 1)) {
      const kind = String.fromCharCode(message[at]!);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    return send(message, options);
  };
  return counts;
}

const preparedInEngine = async (pglite: PGlite) =>
  (await pglite.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements"))
    .rows[0]!.n;

describe("PGlite's statements kept prepared", () => {
  // One engine for the file (each start-up costs seconds); each test starts with a new table.
  const pglite = new PGlite();
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    db = drizzle(await pgliteForDrizzle(pglite));
  });
  afterAll(() => pglite.close());
  const fresh = async () => {
    await db.execute(sql`drop table if exists things`);
    await db.execute(CREATE);
  };

  it("parses a repeated statement once, in and out of transactions", async () => {
    await fresh();
    const at = new Date("2026-11-29T05:00:00.000Z");
    const counts = countMessages(pglite);
    for (let i = 0; i < 5; i++) {
      await db.insert(things).values({ id: `t${i}`, n: i, at });
      await db.transaction((tx) =>
        tx
          .select()
          .from(things)
          .where(eq(things.id, `t${i}`)),
      );
    }
    expect(counts.get("P")).toBe(2); // the insert's text and the select's, once each
    expect(counts.get("B")).toBe(10);
    const rows = await db.select().from(things).where(eq(things.id, "t3"));
    expect(rows).toEqual([{ id: "t3", n: 3, at }]);
  });

  it("keeps a bounded number of statements and closes the ones it drops", async () => {
    const before = await preparedInEngine(pglite);
    const statements = new NamedStatements(pglite, 3);
    for (let i = 0; i < 10; i++) {
      const answer = await statements.run<{ n: number }>(`select ${i}::int as n`);
      expect(answer.rows).toEqual([{ n: i }]);
    }
    expect(statements.kept).toBe(3);
    // the last one dropped is closed with the next Parse
    expect((await preparedInEngine(pglite)) - before).toBeLessThanOrEqual(4);
    await statements.run("select 'one more'");
    expect((await preparedInEngine(pglite)) - before).toBeLessThanOrEqual(4);
  });

  it("answers a failing statement's error and runs it again after, the transaction rolled back", async () => {
    await fresh();
    const at = new Date();
    await db.insert(things).values({ id: "same", n: 1, at });
    const twice = db.transaction(async (tx) => {
      await tx.insert(things).values({ id: "other", n: 2, at });
      await tx.insert(things).values({ id: "same", n: 3, at });
    });
    await expect(twice).rejects.toMatchObject({ cause: { code: "23505" } });
    const rows = await db.select({ id: things.id }).from(things);
    expect(rows).toEqual([{ id: "same" }]);
    await db.insert(things).values({ id: "other", n: 2, at });
    expect(await db.$count(things)).toBe(2);
  });

  it("answers a table's new shape after it is altered, through the client or beside it", async () => {
    await fresh();
    await db.insert(things).values({ id: "a", n: 1, at: new Date() });
    const all = sql`select * from things`;
    expect(Object.keys((await db.execute(all)).rows[0]!)).toEqual(["id", "n", "at"]);
    await db.execute(sql`alter table things add column note text`);
    expect(Object.keys((await db.execute(all)).rows[0]!)).toEqual(["id", "n", "at", "note"]);
    await pglite.exec("alter table things add column more int"); // not through the client
    expect(Object.keys((await db.execute(all)).rows[0]!)).toEqual([
      "id",
      "n",
      "at",
      "note",
      "more",
    ]);
  });
});
