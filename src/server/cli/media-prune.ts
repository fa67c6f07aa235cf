/**
 * Lists, and with --apply deletes, the uploads that nothing names any more and that are older than
 * the grace period, in every store the shop keeps uploads in: its data folder (or S3 bucket) and,
 * with CLOUDINARY_URL, its Cloudinary folder (docs/decisions/0049-media-prune.md).
 *
 *   npm run media:prune                  # a dry run: what would go
 *   npm run media:prune -- --apply       # delete them
 *   npm run media:prune -- --days 30     # grace period in days (default 7)
 *
 * Uses the same database as the server (DATABASE_URL, or PGlite under DATA_DIR). A PGlite data
 * folder can be open in one process only: stop the server first, or use PostgreSQL. A store that
 * fails (Cloudinary refusing, or its hourly Admin API limit used up) stops the command with a
 * sentence; nothing more is deleted.
 */
import { closeDb, getDb } from "~/server/db/client";
import { DEFAULT_GRACE_DAYS, pruneMedia } from "~/features/media/media-prune.server";
import { type PruneStore, pruneStores } from "~/features/media/prune-stores.server";
import { prunePersonalPhotos } from "~/features/personalisation/photo-prune.server";

function usage(): never {
  console.error("usage: npm run media:prune -- [--apply] [--days N]");
  process.exit(2);
}

function parseArgs(argv: string[]): { apply: boolean; graceDays: number } {
  let apply = false;
  let graceDays = DEFAULT_GRACE_DAYS;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--apply") apply = true;
    else if (arg === "--days") {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0) usage();
      graceDays = n;
    } else usage();
  }
  return { apply, graceDays };
}

async function prune(store: PruneStore, apply: boolean, graceDays: number): Promise<void> {
  const db = await getDb();
  const report = await pruneMedia(db, { apply, graceDays, store });
  const where = store.where;
  if (report.unused.length === 0) {
    console.log(
      `Nothing to prune in ${where}: ${report.kept} upload(s) in use or younger than ${graceDays} day(s).`,
    );
    return;
  }
  for (const name of report.unused) console.log(`${apply ? "deleted" : "unused "} ${name}`);
  console.log(
    apply
      ? `Deleted ${report.unused.length} unused upload(s) from ${where}; kept ${report.kept}.`
      : `${report.unused.length} unused upload(s) in ${where} (kept ${report.kept}). Run with --apply to delete them.`,
  );
}

async function main(): Promise<void> {
  const { apply, graceDays } = parseArgs(process.argv.slice(2));
  for (const store of await pruneStores()) await prune(store, apply, graceDays);
  // Customers' photos in no cart and no order (docs/decisions/0262-customer-photos-private.md).
  const photos = await prunePersonalPhotos(await getDb(), { apply, graceDays });
  console.log(
    apply
      ? `Deleted ${photos.unused.length} customer photo(s) in no cart or order.`
      : `${photos.unused.length} customer photo(s) in no cart or order.${photos.unused.length ? " Run with --apply to delete them." : ""}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
