/**
 * Prints the mail outbox (newest first), so the owner can read custom-order inquiries without SMTP.
 *
 *   npx tsx src/server/cli/outbox.ts              # the latest 20 messages
 *   npx tsx src/server/cli/outbox.ts --unsent     # only messages not (yet) sent through SMTP
 *   npx tsx src/server/cli/outbox.ts --limit 100
 *
 * Uses the same database as the server (DATABASE_URL, or PGlite under DATA_DIR). A PGlite data
 * folder can be open in one process only: stop the server first, or use PostgreSQL.
 */
import { desc, isNull } from "drizzle-orm";
import { closeDb, getDb, schema } from "~/server/db/client";

function usage(): never {
  console.error("usage: npx tsx src/server/cli/outbox.ts [--unsent] [--limit N]");
  process.exit(2);
}

function parseArgs(argv: string[]): { unsent: boolean; limit: number } {
  let unsent = false;
  let limit = 20;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--unsent") unsent = true;
    else if (arg === "--limit") {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) usage();
      limit = n;
    } else usage();
  }
  return { unsent, limit };
}

async function main(): Promise<void> {
  const { unsent, limit } = parseArgs(process.argv.slice(2));
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.outbox)
    .where(unsent ? isNull(schema.outbox.sentAt) : undefined)
    .orderBy(desc(schema.outbox.createdAt))
    .limit(limit);

  if (rows.length === 0) {
    console.log(unsent ? "The outbox has no unsent messages." : "The outbox is empty.");
    return;
  }
  const rule = "-".repeat(72);
  for (const row of rows) {
    const status = row.sentAt
      ? `sent ${row.sentAt.toISOString()}`
      : row.error
        ? `NOT SENT: ${row.error}`
        : "not sent (no SMTP)";
    console.log(rule);
    console.log(`Date:    ${row.createdAt.toISOString()}`);
    console.log(`To:      ${row.to}`);
    console.log(`Subject: ${row.subject}`);
    console.log(`Status:  ${status}`);
    console.log(`Id:      ${row.id}`);
    console.log("");
    console.log(row.body);
  }
  console.log(rule);
  console.log(
    `${rows.length} message(s) shown${rows.length === limit ? ` (use --limit to see more)` : ""}.`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
