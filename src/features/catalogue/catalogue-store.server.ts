/**
 * The catalogue served from memory (docs/decisions/0040-catalogue-cache.md).
 *
 * `readCatalogue(db, key, read)` answers what `read` answered for the newest catalogue version:
 * an entry is kept with the version its read saw (the version row and the data are read in one
 * read-only, repeatable-read transaction, so they agree) and is used while no newer version is
 * known (catalogue-version.server.ts). Concurrent misses of one key share one read. Entries are
 * kept per database handle, least recently used first out, within a count and a byte budget.
 *
 * Only the storefront's anonymous view goes through here. Prices in the cart and at checkout are
 * read from the database by pricing.server.ts, never from this cache.
 */
import type { Db, DbOrTx } from "~/server/db/client";
import {
  currentCatalogueVersion,
  noteCatalogueVersion,
  readCatalogueVersion,
} from "./catalogue-version.server";

export interface Versioned<T> {
  version: number;
  value: T;
}

interface Entry extends Versioned<unknown> {
  bytes: number;
}

interface Store {
  entries: Map<string, Entry>;
  bytes: number;
  building: Map<string, { since: number; promise: Promise<Versioned<unknown>> }>;
}

/** At most this many entries per database handle (searches make new keys). */
export const MAX_ENTRIES = 500;
/** And at most this many bytes of serialised answers (a 10,000-product catalogue is ~20 MB). */
export const MAX_BYTES = 96 * 1024 * 1024;
/** What an entry without a byte size (a page's data) is counted as. */
const OBJECT_BYTES = 4 * 1024;

const stores = new WeakMap<object, Store>();

function storeOf(db: DbOrTx): Store {
  let store = stores.get(db);
  if (!store) {
    store = { entries: new Map(), bytes: 0, building: new Map() };
    stores.set(db, store);
  }
  return store;
}

/** A transaction handle cannot open its own snapshot: it reads directly, uncached. */
function isTransaction(db: DbOrTx): boolean {
  return typeof (db as { rollback?: unknown }).rollback === "function";
}

function keep(store: Store, key: string, entry: Entry): void {
  const old = store.entries.get(key);
  if (old) {
    if (old.version > entry.version) return;
    store.entries.delete(key);
    store.bytes -= old.bytes;
  }
  store.entries.set(key, entry);
  store.bytes += entry.bytes;
  for (const [oldest, e] of store.entries) {
    if (store.entries.size <= MAX_ENTRIES && store.bytes <= MAX_BYTES) break;
    if (oldest === key) continue;
    store.entries.delete(oldest);
    store.bytes -= e.bytes;
  }
}

/**
 * What `read` answers for the current catalogue, from memory when nothing changed since.
 * `finish` turns the read's result into what is kept (serialising and compressing it), outside
 * the transaction; `sizeOf` tells how many bytes the kept value holds.
 */
export async function readCatalogue<R, T = R>(
  db: DbOrTx,
  key: string,
  read: (tx: DbOrTx) => Promise<R>,
  options: { finish?: (raw: R) => T | Promise<T>; sizeOf?: (value: T) => number } = {},
): Promise<Versioned<T>> {
  const finish = options.finish ?? ((raw: R) => raw as unknown as T);
  if (isTransaction(db))
    return { version: await readCatalogueVersion(db), value: await finish(await read(db)) };
  const store = storeOf(db);
  const known = await currentCatalogueVersion(db);
  const hit = store.entries.get(key);
  if (hit && hit.version >= known) {
    store.entries.delete(key); // most recently used goes last
    store.entries.set(key, hit);
    return hit as Versioned<T>;
  }
  const pending = store.building.get(key);
  if (pending && pending.since >= known) return pending.promise as Promise<Versioned<T>>;
  const promise = (async () => {
    const { version, raw } = await (db as Db).transaction(
      async (tx) => ({ version: await readCatalogueVersion(tx), raw: await read(tx) }),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    noteCatalogueVersion(db, version);
    const value = await finish(raw);
    keep(store, key, { version, value, bytes: options.sizeOf?.(value) ?? OBJECT_BYTES });
    return { version, value };
  })().finally(() => {
    if (store.building.get(key)?.promise === promise) store.building.delete(key);
  });
  store.building.set(key, { since: known, promise });
  return promise;
}
