/**
 * The browser's catalogue cache (SPEC §3 "Local browser database", §4 "Catalogue cache").
 *
 * - Empty store (or never fully fetched): fetch all active products, store them, return them.
 * - Otherwise return the cached list at once; if the last full fetch is older than 5 minutes,
 *   refresh in the background, then announce the fresh list (`products-updated`).
 * - A full refresh clears and rewrites the whole product store; one also runs every 5 minutes.
 * - A product by id is read from the store first, else fetched and stored.
 * - Failures are only logged (SPEC §8 "Silent failures").
 *
 * The logic is written against small interfaces (storage, key-value, fetchers, clock) so unit
 * tests run it with in-memory fakes; `browserCatalogueCache()` wires IndexedDB (idb),
 * localStorage, fetch and a window event.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { api, ApiError } from "../../lib/api-client";
import { CATALOGUE_STALE_MS, type HomeProduct, type Product } from "./catalogue";

export const CATALOGUE_DB_NAME = "ecommerceDB";
export const CATALOGUE_DB_VERSION = 1;
/** localStorage key of the last full fetch (milliseconds since the epoch). */
export const LAST_FETCHED_KEY = "productsLastFetched";
/** Window event carrying `{ detail: Product[] }` after a background refresh. */
export const PRODUCTS_UPDATED_EVENT = "products-updated";
/** The call of SPEC §7 / §9: all active products, no paging. */
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
    return old && old.updatedAt === p.updatedAt && JSON.stringify(old) === JSON.stringify(p) ? old : p;
  });
}

export function createCatalogueCache(deps: CatalogueCacheDeps): CatalogueCache {
  const now = deps.now ?? (() => Date.now());
  const log = deps.logger ?? console;
  const staleMs = deps.staleMs ?? CATALOGUE_STALE_MS;
  let inflight: Promise<Product[] | null> | null = null;

  function lastFetched(): number | null {
    try {
      const raw = deps.kv.getItem(LAST_FETCHED_KEY);
      const value = raw === null ? NaN : Number(raw);
      return Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  }

  function markFetched(): void {
    try {
      deps.kv.setItem(LAST_FETCHED_KEY, String(now()));
    } catch (error) {
      log.error("Error saving products", error);
    }
  }

  function isStale(): boolean {
    const at = lastFetched();
    return at === null || now() - at > staleMs;
  }

  /** Writes the whole list; a storage failure is logged and the list still returned. */
  async function store(products: Product[]): Promise<void> {
    try {
      await deps.storage.replaceAll("products", products);
      markFetched();
    } catch (error) {
      log.error("Error saving products", error);
    }
  }

  async function fullFetch(): Promise<Product[]> {
    const products = await deps.fetchAll();
    await store(products);
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
    // A store filled only by single-product reads was never complete: treat it as empty.
    if (cached.length === 0 || lastFetched() === null) {
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

  function startAutoRefresh(timers: Pick<typeof globalThis, "setInterval" | "clearInterval"> = globalThis): () => void {
    const handle = timers.setInterval(() => void refresh(), staleMs);
    return () => timers.clearInterval(handle);
  }

  return { getProducts, getProduct, refresh, isStale, startAutoRefresh };
}

// ---------------------------------------------------------------------------------------------
// Browser wiring
// ---------------------------------------------------------------------------------------------

interface CatalogueDbSchema extends DBSchema {
  products: { key: string; value: Product };
  featuredproducts: { key: string; value: HomeProduct };
}

/** ecommerceDB v1 with the object stores products and featuredproducts, keyed by id. */
export function idbCatalogueStorage(): CatalogueStorage {
  let opening: Promise<IDBPDatabase<CatalogueDbSchema>> | undefined;
  const open = () => {
    opening ??= openDB<CatalogueDbSchema>(CATALOGUE_DB_NAME, CATALOGUE_DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains("products")) db.createObjectStore("products", { keyPath: "id" });
        if (!db.objectStoreNames.contains("featuredproducts")) db.createObjectStore("featuredproducts", { keyPath: "id" });
      },
    }).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  // The generic store name cannot be narrowed through idb's typings; the schema above is the contract.
  type AnyDb = IDBPDatabase<CatalogueDbSchema> & {
    getAll(store: StoreName): Promise<unknown[]>;
    get(store: StoreName, id: string): Promise<unknown>;
  };
  return {
    async getAll(store) {
      const db = (await open()) as AnyDb;
      return (await db.getAll(store)) as never;
    },
    async get(store, id) {
      const db = (await open()) as AnyDb;
      return (await db.get(store, id)) as never;
    },
    async put(store, items) {
      const db = await open();
      const tx = db.transaction(store as "products", "readwrite");
      await Promise.all([...items.map((item) => tx.store.put(item as Product)), tx.done]);
    },
    async replaceAll(store, items) {
      const db = await open();
      const tx = db.transaction(store as "products", "readwrite");
      await Promise.all([tx.store.clear(), ...items.map((item) => tx.store.put(item as Product)), tx.done]);
    },
  };
}

/** localStorage, or a throwaway map where it is blocked (private modes, sandboxed frames). */
function safeLocalStorage(): KeyValue {
  try {
    const ls = window.localStorage;
    ls.getItem(LAST_FETCHED_KEY);
    return ls;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
  }
}

/** GET /v2/products?limit=0&offset=0&status=active */
export async function fetchAllActiveProducts(): Promise<Product[]> {
  const data = await api.get<unknown>(ALL_ACTIVE_PRODUCTS_URL);
  if (!Array.isArray(data)) throw new Error("The product list is not an array");
  return data as Product[];
}

/** GET /v2/products/{id}; null on 404. */
export async function fetchProductById(id: string): Promise<Product | null> {
  try {
    return await api.get<Product>(`/v2/products/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

let browserCache: CatalogueCache | undefined;
let stopAutoRefresh: (() => void) | undefined;

/** The page's one cache (IndexedDB + localStorage), refreshing itself every 5 minutes. */
export function browserCatalogueCache(): CatalogueCache {
  if (!browserCache) {
    browserCache = createCatalogueCache({
      storage: idbCatalogueStorage(),
      kv: safeLocalStorage(),
      fetchAll: fetchAllActiveProducts,
      fetchOne: fetchProductById,
      onUpdated: (products) => window.dispatchEvent(new CustomEvent<Product[]>(PRODUCTS_UPDATED_EVENT, { detail: products })),
    });
    stopAutoRefresh = browserCache.startAutoRefresh(window);
    window.addEventListener("pagehide", (event) => {
      if (!event.persisted) stopAutoRefresh?.();
    });
  }
  return browserCache;
}
