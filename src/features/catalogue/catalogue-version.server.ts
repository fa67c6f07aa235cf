/**
 * The catalogue's version (docs/decisions/0040-catalogue-cache.md).
 *
 * Every write to the catalogue (products, variants, images, the homepage listing, categories) calls
 * `catalogueChanged(tx)` inside its transaction: the one row of `catalogue_version` is bumped there,
 * so the new version becomes visible exactly when the write commits, to every app server on the
 * database. Readers learn the version through `currentCatalogueVersion(db)`, a one-row read shared
 * by every request and repeated at most every VERSION_CHECK_MS; right after a write in this process
 * it is read again on every call until the write has committed (the owner's next read sees it at
 * once). Another app server notices within VERSION_CHECK_MS (well under the 1 s promise).
 */
import type { DbOrTx } from "~/server/db/client";
import {
  bumpCatalogueVersion,
  readCatalogueVersion,
  recentLocalCatalogueWrite,
} from "~/server/db/catalogue-version";

export { readCatalogueVersion };

/** How old a process's idea of the version may get before a request reads it again. */
export const VERSION_CHECK_MS = 400;

/** Call inside every catalogue write's transaction: bumps the version; answers the new one. */
export function catalogueChanged(tx: DbOrTx): Promise<number> {
  return bumpCatalogueVersion(tx);
}

interface Watch {
  known: number;
  checkedAt: number;
  checking: Promise<number> | undefined;
}

/** Per database handle (tests open several in one process). */
const watches = new WeakMap<object, Watch>();

function watchOf(db: DbOrTx): Watch {
  let watch = watches.get(db);
  if (!watch) {
    watch = { known: -1, checkedAt: 0, checking: undefined };
    watches.set(db, watch);
  }
  return watch;
}

/** Raises what this process knows (a cache build read a newer version in its snapshot). */
export function noteCatalogueVersion(db: DbOrTx, version: number): void {
  const watch = watchOf(db);
  if (version > watch.known) watch.known = version;
}

/**
 * The newest committed version this process should serve, at most VERSION_CHECK_MS old.
 * Concurrent callers share one read; during the window after a local write every call reads afresh,
 * so a read that starts after the write committed never joins a check that started before it.
 */
export async function currentCatalogueVersion(db: DbOrTx): Promise<number> {
  const watch = watchOf(db);
  const now = Date.now();
  if (recentLocalCatalogueWrite(now)) {
    const version = await readCatalogueVersion(db);
    noteCatalogueVersion(db, version);
    watch.checkedAt = Date.now();
    return watch.known;
  }
  if (watch.known >= 0 && now - watch.checkedAt < VERSION_CHECK_MS) return watch.known;
  return check(db, watch);
}

/** The shared read of the version (one at a time per handle). */
function check(db: DbOrTx, watch: Watch): Promise<number> {
  watch.checking ??= readCatalogueVersion(db)
    .then((version) => {
      noteCatalogueVersion(db, version);
      watch.checkedAt = Date.now();
      return watch.known;
    })
    .finally(() => {
      watch.checking = undefined;
    });
  return watch.checking;
}

/** A known version older than this is read again in the background by the ready answers. */
const AHEAD_MS = (VERSION_CHECK_MS * 3) / 4;

/**
 * Starts the shared read early when the known version is older than AHEAD_MS, so under steady
 * traffic the check lands before VERSION_CHECK_MS and no request waits on it (ready answers). It
 * changes nothing about what is served: that is still decided by knownCatalogueVersion.
 */
export function checkCatalogueVersionAhead(db: DbOrTx, now = Date.now()): void {
  const watch = watches.get(db);
  if (!watch || watch.checking || now - watch.checkedAt < AHEAD_MS) return;
  check(db, watch).catch(() => {}); // a failed read: the next request's own check reports it
}

/**
 * The version currentCatalogueVersion would answer now without reading the database, or undefined
 * when it would read (never checked, checked VERSION_CHECK_MS ago or more, or a write here is
 * recent): the ready answers' synchronous check (src/server/serve/ready-answers.ts).
 */
export function knownCatalogueVersion(db: DbOrTx, now = Date.now()): number | undefined {
  const watch = watches.get(db);
  if (!watch || watch.known < 0 || now - watch.checkedAt >= VERSION_CHECK_MS) return undefined;
  return recentLocalCatalogueWrite(now) ? undefined : watch.known;
}

/**
 * The version for `<meta name="catalogue-version">` in every storefront page (the browser's
 * IndexedDB catalogue drops itself when it differs), or null when the database cannot be asked.
 */
export async function catalogueVersionForPage(
  openDb: () => Promise<DbOrTx>,
): Promise<string | null> {
  try {
    return String(await currentCatalogueVersion(await openDb()));
  } catch {
    return null;
  }
}
