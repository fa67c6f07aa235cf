/**
 * Health checks for load balancers and container orchestrators. Neither answer holds a secret.
 *  - GET /healthz: the process is up and serving (no database call).
 *  - GET /readyz: the database answers and every committed migration is applied.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb } from "./db/client";
import { rawRows } from "./db/raw-rows";
import { env } from "./env";
import { json } from "./http";

const started = Date.now();

export function healthz(): Response {
  return json({ status: "ok", uptimeSeconds: Math.round((Date.now() - started) / 1000) });
}

/** How many migrations the committed journal lists. */
function committedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(path.resolve(env().MIGRATIONS_DIR, "meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

export async function readyz(): Promise<Response> {
  try {
    const db = await getDb();
    const rows = await rawRows<{ applied: number }>(
      db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const applied = Number(rows[0]?.applied ?? 0);
    const expected = committedMigrations();
    if (applied < expected)
      return json({ status: "migrating", migrations: { applied, expected } }, { status: 503 });
    return json({ status: "ready", migrations: { applied, expected } });
  } catch (error) {
    console.error("[readyz] the database did not answer", error);
    return json({ status: "unavailable", error: "The database did not answer." }, { status: 503 });
  }
}
