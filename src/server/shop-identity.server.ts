/**
 * The shop's name and support contacts as the owner saved them in the business settings
 * (docs/decisions/0083, 0158), for every page and mail that prints them; with nothing saved, the
 * environment's SHOP_NAME and SUPPORT_EMAIL (the section's defaults).
 *
 * Kept in memory per database with the section's version. The version (one integer of one row) is
 * read again at most every CHECK_MS, shared by every caller meanwhile, and the section is read only
 * when the version moved: another app server shows a save within CHECK_MS, like the catalogue
 * (decision 0040). A save in this process calls shopIdentityChanged() after it committed, so the
 * next read here sees it at once. Kept storefront pages carry the version they were rendered with
 * (page-cache.server.ts), so a save also renews them.
 */
import { eq } from "drizzle-orm";
import type { BusinessSettings } from "~/features/books/business-settings.schema";
import { BUSINESS_KEY } from "~/features/books/business-settings.schema";
import { readBusinessSettings } from "~/features/books/business-settings.server";
import { type DbOrTx, getDb } from "./db/client";
import { shopSettings } from "./db/schema";
import { env } from "./env";
import { type ShopConfig, shopConfig } from "./shop-config";

/** How old a process's idea of the business section's version may get. */
export const IDENTITY_CHECK_MS = 400;

interface Known {
  /** The business section's version; 0 while nothing was saved. */
  version: number;
  /** The saved section (null at version 0: the environment's values, read at each call). */
  saved: BusinessSettings | null;
}

interface Watch {
  known: Known | undefined;
  checkedAt: number;
  /** The local-save generation the known value was checked in. */
  generation: number;
  checking: { generation: number; handle: DbOrTx; done: Promise<Known> } | undefined;
}

/** Bumped by a save in this process: a check that started before it is not reused. */
let generation = 0;
const watches = new WeakMap<object, Watch>();

function watchOf(root: object): Watch {
  let watch = watches.get(root);
  if (!watch) {
    watch = { known: undefined, checkedAt: 0, generation: -1, checking: undefined };
    watches.set(root, watch);
  }
  return watch;
}

async function readVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: shopSettings.version })
    .from(shopSettings)
    .where(eq(shopSettings.section, BUSINESS_KEY));
  return row?.version ?? 0;
}

async function refresh(db: DbOrTx, known: Known | undefined): Promise<Known> {
  const version = await readVersion(db);
  if (version === 0) return { version: 0, saved: null };
  if (known && known.version === version) return known;
  const section = await readBusinessSettings(db);
  return { version: section.version, saved: section.value };
}

/**
 * The business section as this process should print it: at most IDENTITY_CHECK_MS old, or read
 * afresh after a save here. Inside a transaction pass the transaction as `db` (one PGlite
 * connection cannot answer a second handle while a transaction holds it); pages pass nothing.
 */
async function known(db: DbOrTx | undefined): Promise<Known> {
  const root = await getDb();
  const handle = db ?? root;
  const watch = watchOf(root);
  const now = Date.now();
  if (watch.known && watch.generation === generation && now - watch.checkedAt < IDENTITY_CHECK_MS)
    return watch.known;
  // Only a check on the same handle is joined: a transaction waiting on a read of the database
  // handle would wait for itself on PGlite's one connection.
  const shared = watch.checking;
  if (shared?.generation === generation && shared.handle === handle) return shared.done;
  return check(handle, watch);
}

/** The shared read of the business section (its version, then the section when it moved). */
function check(handle: DbOrTx, watch: Watch): Promise<Known> {
  const started = generation;
  const done = refresh(handle, watch.known)
    .then((read) => {
      // A transaction's older snapshot never takes a newer value back.
      if (!watch.known || read.version >= watch.known.version) watch.known = read;
      watch.checkedAt = Date.now();
      watch.generation = started;
      return watch.known;
    })
    .finally(() => {
      if (watch.checking?.done === done) watch.checking = undefined;
    });
  watch.checking = { generation: started, handle, done };
  return done;
}

/** The name and contacts: saved business settings over the environment's first values. */
function identityOf(saved: BusinessSettings | null): ShopConfig {
  const e = env();
  return {
    ...shopConfig(),
    name: saved?.tradingName.trim() || e.SHOP_NAME,
    supportEmail: saved?.supportEmail.trim() || e.SUPPORT_EMAIL,
    supportPhone: saved?.supportPhone.trim() ?? "",
  };
}

/**
 * The shop's name and support contacts for a page or a mail. When the database cannot be asked, the
 * last value this process knew (or the environment's) so a page still renders; a transaction that
 * failed fails its own next statement anyway.
 */
export async function shopIdentity(db?: DbOrTx): Promise<ShopConfig> {
  try {
    return identityOf((await known(db)).saved);
  } catch {
    const root = await getDb().catch(() => undefined);
    return identityOf((root && watches.get(root)?.known?.saved) || null);
  }
}

/** The business section's version as shopIdentity() answers it (the page cache's key). */
export async function shopIdentityVersion(db: DbOrTx): Promise<number> {
  return (await known(db)).version;
}

/**
 * The version shopIdentityVersion would answer now without reading, or undefined when it would
 * read: the ready answers' synchronous check (src/server/serve/ready-answers.ts). `root` is getDb()'s.
 */
export function knownShopIdentityVersion(root: DbOrTx, now = Date.now()): number | undefined {
  const watch = watches.get(root);
  if (
    !watch?.known ||
    watch.generation !== generation ||
    now - watch.checkedAt >= IDENTITY_CHECK_MS
  )
    return undefined;
  return watch.known.version;
}

/**
 * Starts the shared read early when the known version is older than three quarters of
 * IDENTITY_CHECK_MS (ready answers), as checkCatalogueVersionAhead does for the catalogue.
 */
export function checkShopIdentityAhead(root: DbOrTx, now = Date.now()): void {
  const watch = watches.get(root);
  if (!watch?.known || watch.checking || now - watch.checkedAt < (IDENTITY_CHECK_MS * 3) / 4)
    return;
  check(root, watch).catch(() => {}); // a failed read: the next request's own check reports it
}

/** Call after a save of the business section committed: the next read here reads it afresh. */
export function shopIdentityChanged(): void {
  generation += 1;
}
