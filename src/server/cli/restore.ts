/**
 * Restores a backup archive into an EMPTY database and media folder: the configured DATABASE_URL,
 * or a new PGlite DATA_DIR (docs/decisions/0079-backups-and-moving.md).
 *
 *   DATA_DIR=./data-restored npm run restore -- backups/resin-2026-11-25T08-00-00Z.tar.gz
 *
 * A damaged archive, one from a newer version of the shop, or a target that holds data is refused
 * with a sentence, and nothing is written.
 */
import { mediaRoot } from "~/features/media/media-store.server";
import { summary } from "~/server/backup/manifest";
import { RestoreRefused, restore } from "~/server/backup/restore.server";
import { env } from "~/server/env";

async function main(): Promise<void> {
  const [archive, ...rest] = process.argv.slice(2);
  if (!archive || rest.length > 0) {
    console.error("usage: npm run restore -- ARCHIVE.tar.gz");
    process.exit(2);
  }
  const { DATABASE_URL, DATA_DIR, MIGRATIONS_DIR } = env();
  const manifest = await restore({
    archive,
    target: DATABASE_URL ? { url: DATABASE_URL } : { dataDir: DATA_DIR },
    mediaDir: mediaRoot(),
    migrationsDir: MIGRATIONS_DIR,
  });
  console.log(
    `Restored ${archive} (schema ${manifest.schemaVersion}, made ${manifest.createdAt}):`,
  );
  for (const line of summary(manifest)) console.log(line);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof RestoreRefused ? message : `Restore failed: ${message}`);
  process.exitCode = 1;
});
