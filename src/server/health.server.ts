/**
 * Liveness and readiness for load balancers and orchestrators (GET /healthz, GET /readyz).
 * Answers say only "ok" or which check failed: no versions, paths, addresses or errors' details.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { env } from "./env";
import { getDb } from "./db/client";
import { json } from "./http";

export function healthz(): Response {
  return json({ status: "ok" });
}

/** Number of committed migrations (drizzle's journal). */
async function committedMigrations(): Promise<number> {
  const journal = path.resolve(env().MIGRATIONS_DIR, "meta", "_journal.json");
  const parsed = JSON.parse(await readFile(journal, "utf8")) as { entries?: unknown[] };
  return parsed.entries?.length ?? 0;
}

export async function readyz(): Promise<Response> {
  try {
    const db = await getDb();
    const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    const applied = Number(rows[0]?.n ?? 0);
    if (applied < (await committedMigrations())) {
      return json({ status: "unavailable", database: "ok", migrations: "pending" }, { status: 503 });
    }
    return json({ status: "ok", database: "ok", migrations: "ok" });
  } catch (error) {
    console.error(`[readyz] ${(error as Error).message}`);
    return json({ status: "unavailable", database: "unavailable" }, { status: 503 });
  }
}
