/**
 * Scheduled backups, an option of the server (off unless BACKUP_DIR is set): once a day, at
 * BACKUP_HOUR India time (or at start when the day's backup is missing), an archive goes into
 * BACKUP_DIR and older ones are pruned to BACKUP_KEEP_DAILY days and BACKUP_KEEP_WEEKLY weeks.
 * This is how a PGlite shop is backed up while it serves: the archive is written by the process
 * that holds the data folder. With several app servers, set BACKUP_DIR on one of them.
 * docs/decisions/0079-backups-and-moving.md
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { indiaDay, indiaDayStart } from "~/lib/dates";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { archiveName, archiveTime } from "./archive-name";
import { backup } from "./backup.server";
import { archivesToDelete } from "./retention";
import { log } from "~/server/log/logger";
import { onStop } from "~/server/serve/stop-hooks";

const CHECK_EVERY_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
let timer: ReturnType<typeof setInterval> | undefined;
let running = false;

/** True when no archive was made since the latest BACKUP_HOUR (India time) at or before `now`. */
export function backupDue(now: Date, newest: Date | null, hour: number): boolean {
  const slot = indiaDayStart(indiaDay(now)).getTime() + hour * HOUR_MS;
  const latestSlot = slot <= now.getTime() ? slot : slot - 24 * HOUR_MS;
  return newest === null || newest.getTime() < latestSlot;
}

/** Makes the day's archive if it is due, then prunes. Returns the new archive's path, if any. */
export async function runScheduledBackup(
  mediaDir: string,
  now = new Date(),
): Promise<string | null> {
  const { BACKUP_DIR, BACKUP_HOUR, BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY, DATABASE_URL } = env();
  if (!BACKUP_DIR || running) return null;
  running = true;
  try {
    await mkdir(BACKUP_DIR, { recursive: true });
    const names = await readdir(BACKUP_DIR);
    const times = names.map(archiveTime).filter((t): t is Date => t !== null);
    const newest = times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
    let made: string | null = null;
    if (backupDue(now, newest, BACKUP_HOUR)) {
      made = path.join(BACKUP_DIR, archiveName(now));
      await backup(await getDb(), {
        out: made,
        mediaDir,
        engine: DATABASE_URL ? "postgresql" : "pglite",
      });
      names.push(path.basename(made));
      log.info(`[backup] wrote ${path.basename(made)}`);
    }
    for (const old of archivesToDelete(names, {
      daily: BACKUP_KEEP_DAILY,
      weekly: BACKUP_KEEP_WEEKLY,
    })) {
      await rm(path.join(BACKUP_DIR, old), { force: true });
    }
    return made;
  } finally {
    running = false;
  }
}

/** Starts the daily check (idempotent; off under Vitest and without BACKUP_DIR). */
export function startScheduledBackups(mediaDir: string): void {
  if (timer || process.env.VITEST || !env().BACKUP_DIR) return;
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = runScheduledBackup(mediaDir).catch((error: unknown) =>
      log.error("[backup] scheduled backup failed", error),
    );
  };
  // A stop waits for an archive being written (docs/decisions/0113-clean-stops-under-load.md).
  onStop("scheduled backups", 20, async () => {
    clearInterval(timer);
    await current;
  });
  timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  setTimeout(run, 5_000).unref();
}
