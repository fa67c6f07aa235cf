/**
 * The browser's catalogue cache (docs/product.md §3 "Local browser database", §4 "Catalogue cache").
 *
 * - Empty store (or never fully fetched): fetch all active products, store them, return them.
 * - Otherwise return the cached list at once; if the last full fetch is older than 5 minutes,
 *   refresh in the background, then announce the fresh list (`products-updated`).
 * - A full refresh clears and rewrites the whole product store; one also runs every 5 minutes.
 * - A product by id is read from the store first, else fetched and stored.
 * - Failures are only logged (docs/product.md §8 "Silent failures"): an empty list or no product.
 * - The owner's edits: every page names the catalogue's version (`<meta name="catalogue-version">`).
 *   When it differs from the version the store was last filled at (kept in localStorage), the
 *   store is refreshed fully before it answers. Without the meta, only the 5-minute rule applies.
 *
 * The logic is written against small interfaces (storage, key-value, fetchers, clock) so unit
 * tests run it with fakes. Files: catalogue-cache-idb.ts (ecommerceDB in IndexedDB),
 * catalogue-cache-browser.ts (IndexedDB, localStorage, the API and the window event wired up).
 */
import { CATALOGUE_STALE_MS, type HomeProduct, type Product } from "./catalogue";

export const CATALOGUE_DB_NAME = "ecommerceDB";
export const CATALOGUE_DB_VERSION = 1;
/** localStorage key of the last full fetch (milliseconds since the epoch). */
export const LAST_FETCHED_KEY = "productsLastFetched";
/** localStorage key of the catalogue version the store was last filled at. */
export const SEEN_VERSION_KEY = "catalogueVersion";
/** Window event carrying `{ detail: Product[] }` after a background refresh. */
export const PRODUCTS_UPDATED_EVENT = "products-updated";
/** The call of docs/product.md §7 / §9: all active products, no paging. */
export const ALL_ACTIVE_PRODUCTS_URL = "/v2/products?limit=0&offset=0&status=active";

export interface CatalogueStores {
  products: Product;
  featuredproducts: HomeProduct;
}
export type StoreName = keyof CatalogueStores;

/** What the cache needs from a keyed object store (IndexedDB in the browser, a Map in tests). */
export interface CatalogueStorage {
  getAll<S extends StoreName>(store: S): Promise<CatalogueStores[S][]>;
  get<S extends StoreName>(store: S, id: string): Promise<CatalogueStores[S] | undefined>;
  put<S extends StoreName>(store: S, items: readonly CatalogueStores[S][]): Promise<void>;
  /** Clears the store and writes `items`, in one transaction. */
  replaceAll<S extends StoreName>(store: S, items: readonly CatalogueStores[S][]): Promise<void>;
}

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface Logger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

export interface CatalogueCacheDeps {
  storage: CatalogueStorage;
  kv: KeyValue;
  /** All active products, in the server's order. Throws on failure. */
  fetchAll: () => Promise<Product[]>;
  /** One active product, or null when the server says 404. Throws on other failures. */
  fetchOne: (id: string) => Promise<Product | null>;
  /** Called with the fresh list after a refresh (the browser dispatches `products-updated`). */
  onUpdated?: (products: Product[]) => void;
  /** The catalogue version the page was rendered at (its meta), or null when it names none. */
  pageVersion?: () => string | null;
  now?: () => number;
  logger?: Logger;
  staleMs?: number;
}

export interface CatalogueCache {
  /** All cached active products (server order); [] when nothing could be loaded. */
  getProducts(): Promise<Product[]>;
  /** A product from the cache, else from the server (then stored); null when absent or on error. */
  getProduct(id: string): Promise<Product | null>;
  /** Full refresh: fetch, clear and rewrite the store, announce. Null when it failed. */
  refresh(): Promise<Product[] | null>;
  /** True when the last full fetch is older than the staleness limit (or unknown). */
  isStale(): boolean;
  /** True when the page names a catalogue version other than the one the store was filled at. */
  isOutdated(): boolean;
  /** Refreshes every `staleMs`; returns a function that stops it. */
  startAutoRefresh(timers?: Pick<typeof globalThis, "setInterval" | "clearInterval">): () => void;
}

/** The server's order: newest first, then id descending (code-unit order, like `collate "C"`). */
export function sortLikeServer(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => {
    if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
    if (a.id === b.id) return 0;
    return a.id < b.id ? 1 : -1;
  });
}

/**
 * The listing's merge after a refresh: the fresh list decides membership and order (ones no
 * longer returned are dropped, new ones appear); unchanged products keep their old object, so
 * a React list re-renders only what changed.
 */
export function mergeProducts(current: readonly Product[], fresh: readonly Product[]): Product[] {
  const byId = new Map(current.map((p) => [p.id, p]));
  return fresh.map((p) => {
    const old = byId.get(p.id);
    return old && old.updatedAt === p.updatedAt && JSON.stringify(old) === JSON.stringify(p)
      ? old
      : p;
  });
}

export function createCatalogueCache(deps: CatalogueCacheDeps): CatalogueCache {
  const now = deps.now ?? (() => Date.now());
  const log = deps.logger ?? console;
  const staleMs = deps.staleMs ?? CATALOGUE_STALE_MS;
  let inflight: Promise<Product[] | null> | null = null;

  function read(key: string): string | null {
    try {
      return deps.kv.getItem(key);
    } catch {
      return null;
    }
  }

  function lastFetched(): number | null {
    const raw = read(LAST_FETCHED_KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  }

  function pageVersion(): string | null {
    try {
      return deps.pageVersion?.() || null;
    } catch {
      return null;
    }
  }

  /** Records the fetch time, and the version the list was fetched for (when the page names one). */
  function markFetched(version: string | null): void {
    try {
      deps.kv.setItem(LAST_FETCHED_KEY, String(now()));
      if (version !== null) deps.kv.setItem(SEEN_VERSION_KEY, version);
    } catch (error) {
      log.error("Error saving products", error);
    }
  }

  function isOutdated(): boolean {
    const version = pageVersion();
    return version !== null && read(SEEN_VERSION_KEY) !== version;
  }

  function isStale(): boolean {
    const at = lastFetched();
    return at === null || now() - at > staleMs;
  }

  /** Writes the whole list; a storage failure is logged and the list still returned. */
  async function store(products: Product[], version: string | null): Promise<void> {
    try {
      await deps.storage.replaceAll("products", products);
      markFetched(version);
    } catch (error) {
      log.error("Error saving products", error);
    }
  }

  async function fullFetch(): Promise<Product[]> {
    // The version is read before the request: an edit made meanwhile is caught by the next page.
    const version = pageVersion();
    const products = await deps.fetchAll();
    await store(products, version);
    return products;
  }

  function refresh(): Promise<Product[] | null> {
    inflight ??= (async () => {
      try {
        const products = await fullFetch();
        deps.onUpdated?.(products);
        return products;
      } catch (error) {
        log.warn("Background refresh of products failed", error);
        return null;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  async function getProducts(): Promise<Product[]> {
    let cached: Product[] = [];
    try {
      cached = await deps.storage.getAll("products");
    } catch (error) {
      log.error("Error getting product from the local database", error);
    }
    // A store filled only by single-product reads was never complete: treat it as empty. A store
    // filled before the owner's last edit is refreshed before it answers.
    if (cached.length === 0 || lastFetched() === null || isOutdated()) {
      try {
        return await fullFetch();
      } catch (error) {
        log.error("Error loading products", error);
        return sortLikeServer(cached);
      }
    }
    if (isStale()) void refresh();
    return sortLikeServer(cached);
  }

  async function getProduct(id: string): Promise<Product | null> {
    // After the owner's edit the stored copy may be outdated: refresh the store first.
    if (isOutdated()) await refresh();
    try {
      const hit = await deps.storage.get("products", id);
      if (hit) return hit;
    } catch (error) {
      log.error("Error getting product from the local database", error);
    }
    try {
      const product = await deps.fetchOne(id);
      if (product) {
        try {
          await deps.storage.put("products", [product]);
        } catch (error) {
          log.error("Error saving products", error);
        }
      }
      return product;
    } catch (error) {
      log.error("Error getting product by id", error);
      return null;
    }
  }

  function startAutoRefresh(
    timers: Pick<typeof globalThis, "setInterval" | "clearInterval"> = globalThis,
  ): () => void {
    const handle = timers.setInterval(() => void refresh(), staleMs);
    return () => timers.clearInterval(handle);
  }

  return { getProducts, getProduct, refresh, isStale, isOutdated, startAutoRefresh };
}
