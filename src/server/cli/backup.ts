/**
 * Writes one backup archive of the shop: every table, the uploaded media and a manifest with
 * counts, money sums and checksums (docs/decisions/0079-backups-and-moving.md).
 *
 *   npm run backup                         # ./backups/resin-<date>.tar.gz
 *   npm run backup -- --out /path/x.tar.gz
 *
 * Uses the same database as the server (DATABASE_URL, or PGlite under DATA_DIR). On PostgreSQL it
 * runs beside a serving shop. A PGlite folder is open in one process only: with the shop running,
 * use its scheduled backups (BACKUP_DIR), or stop it for a moment.
 */
import path from "node:path";
import { mediaRoot } from "~/features/media/media-store.server";
import { archiveName } from "~/server/backup/archive-name";
import { backup } from "~/server/backup/backup.server";
import { summary } from "~/server/backup/manifest";
import { closeDb, getDb } from "~/server/db/client";
import { env } from "~/server/env";

function usage(): never {
  console.error("usage: npm run backup -- [--out FILE.tar.gz]");
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let out = path.join("backups", archiveName(new Date()));
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--out" && args[i + 1]) out = args[++i] as string;
    else usage();
  }
  const manifest = await backup(await getDb(), {
    out,
    mediaDir: mediaRoot(),
    engine: env().DATABASE_URL ? "postgresql" : "pglite",
  });
  console.log(`Backup written: ${out} (schema ${manifest.schemaVersion})`);
  for (const line of summary(manifest)) console.log(line);
}

main()
  .catch((error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
