/**
 * Copies this shop's embedded database (PGlite under DATA_DIR) into an empty PostgreSQL database,
 * then prints the row count and money sums of every table on both sides
 * (docs/decisions/0079-backups-and-moving.md). Stop the shop first.
 *
 *   npm run db:move -- --to postgres://user:pass@host:5432/shop
 *
 * Then start the shop with DATABASE_URL set to the same address.
 */
import { MoveRefused, moveDatabase } from "~/server/backup/move.server";
import { openDb } from "~/server/db/client";
import { env } from "~/server/env";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const to = args[0] === "--to" && args.length === 2 ? args[1] : undefined;
  if (!to) {
    console.error("usage: npm run db:move -- --to postgres://user:pass@host:5432/database");
    process.exit(2);
  }
  const { DATA_DIR, MIGRATIONS_DIR } = env();
  const source = await openDb({ dataDir: DATA_DIR, migrationsDir: MIGRATIONS_DIR });
  try {
    const target = await openDb({ url: to, migrationsDir: MIGRATIONS_DIR });
    try {
      const moved = await moveDatabase(source.db, target.db);
      console.log(`Copied ${DATA_DIR} into PostgreSQL. Both sides, table by table:`);
      for (const t of moved) {
        const money = Object.entries(t.target.money)
          .map(([c, v]) => ` ${c}=${v}`)
          .join("");
        console.log(
          `  ${t.name.padEnd(24)} ${String(t.source.rows).padStart(8)} = ${String(t.target.rows).padStart(8)} rows${money}`,
        );
      }
      console.log("Start the shop with DATABASE_URL set to that address.");
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof MoveRefused ? message : `Moving failed: ${message}`);
  process.exitCode = 1;
});
