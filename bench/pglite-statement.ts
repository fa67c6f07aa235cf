/**
 * The CPU one statement costs the shop's process on PGlite, for a few of the shop's statement
 * shapes through Drizzle on a migrated database in a scratch folder (NODEFS, as the shop runs):
 *
 *   npx tsx bench/pglite-statement.ts [--rounds 2000] [--memory]
 *
 * Prints µs of process CPU (user + system) per statement, median of five slices. Figures only,
 * never assertions (docs/decisions/0310-pglite-named-statements.md).
 * `npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/pglite-statement.ts` profiles it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDb } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { outbox, users } from "~/server/db/schema";
import { hit } from "~/server/rate-limit.server";

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rounds = Number(flag("rounds") ?? 2000);
const memory = process.argv.includes("--memory");
const dir = memory ? undefined : mkdtempSync(path.join(tmpdir(), "pglite-statement-"));
const { db, close } = await openDb({
  dataDir: dir ?? "memory://",
  migrationsDir: "src/server/db/migrations",
});

await db.insert(users).values({ id: "bench-user", email: "bench@example.com" });
let n = 0;
const shapes: [string, () => Promise<unknown>][] = [
  ["select 1 (db.execute)", () => db.execute(sql`select 1`)],
  ["one row by primary key", () => db.select().from(users).where(eq(users.id, "bench-user"))],
  ["rate-limit upsert", () => hit(db, "bench:one", 1e9, 60_000, { pruneProbability: 0 })],
  [
    "insert ... returning",
    () =>
      db
        .insert(outbox)
        .values({ id: `bench-${n++}`, to: "a@example.com", subject: "s", body: "b" })
        .returning({ id: outbox.id }),
  ],
  [
    "begin, one row by key, commit",
    () => db.transaction((tx) => tx.select().from(users).where(eq(users.id, "bench-user"))),
  ],
  [
    "begin, upsert, commit",
    () => db.transaction((tx) => hit(tx, "bench:two", 1e9, 60_000, { pruneProbability: 0 })),
  ],
];

/** µs of process CPU per call of `run`, median of five slices of `rounds / 5` calls. */
async function cpuPerCall(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await run();
  const slices: number[] = [];
  const each = Math.max(1, Math.floor(rounds / 5));
  for (let s = 0; s < 5; s++) {
    const start = process.cpuUsage();
    for (let i = 0; i < each; i++) await run();
    const used = process.cpuUsage(start);
    slices.push((used.user + used.system) / each);
  }
  return slices.sort((a, b) => a - b)[2]!;
}

console.log(`PGlite (${memory ? "in memory" : "NODEFS folder"}), ${rounds} calls per shape`);
for (const [name, run] of shapes) {
  const us = await cpuPerCall(run);
  console.log(`${name.padEnd(34)} ${us.toFixed(0).padStart(6)} µs CPU`);
}
// What the kept statements hold in the engine (decision 0310: at most 200 of them).
const [held] = await rawRows<{ n: number; kb: number }>(
  db,
  sql`select count(*)::int as n, (sum(total_bytes) / 1024)::int as kb
      from pg_backend_memory_contexts where name in ('CachedPlan', 'CachedPlanSource')`,
);
console.log(`plans kept in the engine: ${held?.n} contexts, ${held?.kb} kB`);
await close();
if (dir) rmSync(dir, { recursive: true, force: true });
