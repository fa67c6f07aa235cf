/**
 * Health checks for load balancers, container orchestrators and process managers. Neither answer
 * holds a secret (docs/decisions/0069-stops-and-readiness.md).
 *  - GET /healthz: the process is up and serving (no database call).
 *  - GET /readyz: what a signed-in shopper needs answers: the database (every committed migration
 *    applied, and it commits a write), the identity service in demo mode (the local Auth Emulator),
 *    and the media store (DATA_DIR/media takes a tiny file; Cloudinary or an S3 bucket, outside
 *    services, are not probed). The write probes are cached for a few seconds
 *    (readiness-probes.server.ts, docs/limits-and-readiness.md). 503 with the failing part named otherwise.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb } from "./db/client";
import { rawRows } from "./db/raw-rows";
import { env } from "./env";
import { json } from "./http";
import { log } from "./log/logger";
import { PROBE_TEXTS, writeProbes } from "./readiness-probes.server";

const started = Date.now();

export function healthz(): Response {
  const uptimeSeconds = Math.round((Date.now() - started) / 1000);
  // The start's random id for this process, so `npm start` knows its own server answered
  // (src/server/cli/own-server.ts); not a secret.
  const instance = process.env.SHOP_INSTANCE_ID;
  return json({ status: "ok", uptimeSeconds, ...(instance ? { instance } : {}) });
}

/** How many migrations the committed journal lists. */
function committedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(path.resolve(env().MIGRATIONS_DIR, "meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

type Check = "ok" | string;

async function databaseCheck(): Promise<{ check: Check; applied: number; expected: number }> {
  let expected = 0;
  try {
    expected = committedMigrations();
    const db = await getDb();
    const rows = await rawRows<{ applied: number }>(
      db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const applied = Number(rows[0]?.applied ?? 0);
    return {
      check: applied < expected ? "Migrations are not all applied yet." : "ok",
      applied,
      expected,
    };
  } catch (error) {
    log.error("[readyz] the database did not answer", error);
    return { check: "The database did not answer.", applied: 0, expected };
  }
}

/** Demo mode: the local Auth Emulator answers and says it is ready. Production: not probed. */
async function identityCheck(): Promise<Check | undefined> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) return undefined;
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    if (body.authEmulator?.ready === true) return "ok";
  } catch {}
  return `The Auth Emulator at ${host} did not answer.`;
}

export async function readyz(): Promise<Response> {
  const [database, identity, probes] = await Promise.all([
    databaseCheck(),
    identityCheck(),
    writeProbes().catch((error: unknown) => {
      log.error("[readyz] the write probes failed", error);
      return { database: PROBE_TEXTS.databaseWrite, media: undefined };
    }),
  ]);
  // A database that answers reads but cannot commit a write (a full or read-only disk) is not ready.
  if (database.check === "ok" && probes.database !== "ok") database.check = probes.database;
  const media = probes.media;
  const checks: Record<string, Check> = { database: database.check };
  if (identity) checks.identity = identity;
  if (media) checks.media = media;
  const migrations = { applied: database.applied, expected: database.expected };
  const failing = Object.entries(checks).filter(([, c]) => c !== "ok");
  if (failing.length === 0) return json({ status: "ready", migrations, checks });
  const status =
    failing.length === 1 && database.check.startsWith("Migrations") ? "migrating" : "unavailable";
  return json(
    { status, migrations, checks, error: failing.map(([, c]) => c).join(" ") },
    { status: 503 },
  );
}
