/**
 * Lists, and with --apply deletes, the uploads in DATA_DIR/media that nothing names any more and
 * that are older than the grace period (docs/decisions/0049-media-prune.md).
 *
 *   npm run media:prune                  # a dry run: what would go
 *   npm run media:prune -- --apply       # delete them
 *   npm run media:prune -- --days 30     # grace period in days (default 7)
 *
 * Uses the same database as the server (DATABASE_URL, or PGlite under DATA_DIR). A PGlite data
 * folder can be open in one process only: stop the server first, or use PostgreSQL.
 */
import { closeDb, getDb } from "../db/client";
import { DEFAULT_GRACE_DAYS, pruneMedia } from "../../features/media/media-prune.server";
import { mediaRoot } from "../../features/media/media-store.server";

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

async function main(): Promise<void> {
  const { apply, graceDays } = parseArgs(process.argv.slice(2));
  const report = await pruneMedia(await getDb(), { apply, graceDays });
  const where = mediaRoot();
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

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
