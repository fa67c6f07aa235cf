/**
 * The write probes of GET /readyz (docs/limits-and-readiness.md): the database commits one small
 * write, and the shop's own media folder takes one tiny file. A full disk, a read-only volume or
 * a missing DATA_DIR fail here, where a read would still pass. The last result is kept for
 * PROBE_CACHE_MS, so a load balancer polling /readyz does not write on every request.
 */
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, getDb } from "./db/client";
import { rateLimits } from "./db/schema";
import { env } from "./env";
import { log } from "./log/logger";

/** How long one probe's answer stands. */
export const PROBE_CACHE_MS = 5_000;

/** The row the database probe writes: a key no limiter uses, at the epoch (one row, ever). */
const PROBE_KEY = "readyz";

export type ProbeCheck = "ok" | string;

export interface ProbeResult {
  database: ProbeCheck;
  /** Undefined when media live in Cloudinary or S3 (outside services, not probed). */
  media: ProbeCheck | undefined;
}

export const PROBE_TEXTS = {
  databaseWrite: "The database cannot commit a write (is its disk full or read-only?).",
  mediaWrite: "The media folder cannot be written (is its disk full or read-only?).",
  dataDirMissing: (dir: string) =>
    `The media folder cannot be written: DATA_DIR (${dir}) does not exist. Create it, or set DATA_DIR to a folder the shop can write.`,
} as const;

async function databaseWrite(db: Db): Promise<ProbeCheck> {
  try {
    await db
      .insert(rateLimits)
      .values({ key: PROBE_KEY, windowStart: new Date(0), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`(${rateLimits.count} % 1000000) + 1` },
      });
    return "ok";
  } catch (error) {
    log.error("[readyz] the database did not commit the probe's write", error);
    return PROBE_TEXTS.databaseWrite;
  }
}

/** The same folder as mediaRoot() in src/features/media/media-store.server.ts. */
async function mediaWrite(): Promise<ProbeCheck | undefined> {
  const e = env();
  if (e.CLOUDINARY_URL || e.S3_BUCKET) return undefined;
  const dataDir = path.resolve(e.DATA_DIR);
  const root = path.join(dataDir, "media");
  try {
    await stat(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return PROBE_TEXTS.dataDirMissing(dataDir);
    return PROBE_TEXTS.mediaWrite;
  }
  const probe = path.join(root, `.readyz-${process.pid}`);
  try {
    await mkdir(root, { recursive: true });
    await writeFile(probe, "ok");
    return "ok";
  } catch (error) {
    log.error("[readyz] the media folder did not take the probe's file", error);
    return PROBE_TEXTS.mediaWrite;
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
}

let last: { at: number; db: Db; where: string; result: Promise<ProbeResult> } | undefined;

/** Both probes, or the answer of the last ones when younger than PROBE_CACHE_MS (same database and folder). */
export async function writeProbes(now = Date.now()): Promise<ProbeResult> {
  const db = await getDb();
  const e = env();
  const where = `${e.DATA_DIR}|${e.CLOUDINARY_URL ?? ""}|${e.S3_BUCKET ?? ""}`;
  if (last && last.db === db && last.where === where && now - last.at < PROBE_CACHE_MS)
    return last.result;
  const result = Promise.all([databaseWrite(db), mediaWrite()]).then(([database, media]) => ({
    database,
    media,
  }));
  last = { at: now, db, where, result };
  return result;
}

/** Tests: the next call probes again. */
export function forgetProbesForTests(): void {
  last = undefined;
}
