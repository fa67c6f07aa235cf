/**
 * The catalogue cache wired for the browser: ecommerceDB in IndexedDB, the last-fetched time and the
 * seen catalogue version in localStorage, the API client for the two reads, the page's
 * `<meta name="catalogue-version">`, and the `products-updated` window event after a refresh.
 * `browserCatalogueCache()` is the page's one cache; `createBrowserCatalogueCache()` takes the
 * same parts as options so tests can run it on fake-indexeddb.
 */
import { api, ApiError } from "~/lib/api-client";
import type { Product } from "./catalogue";
import {
  ALL_ACTIVE_PRODUCTS_URL,
  createCatalogueCache,
  LAST_FETCHED_KEY,
  PRODUCTS_UPDATED_EVENT,
  type CatalogueCache,
  type CatalogueStorage,
  type KeyValue,
  type Logger,
} from "./catalogue-cache";
import { idbCatalogueStorage } from "./catalogue-cache-idb";

/** The name of the meta element that carries the catalogue's version on every storefront page. */
export const CATALOGUE_VERSION_META = "catalogue-version";

/** The version the page was rendered at; null when the page has no such meta (or no document). */
export function pageCatalogueVersion(
  doc: Pick<Document, "querySelector"> | undefined = globalThis.document,
): string | null {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${CATALOGUE_VERSION_META}"]`);
  return meta?.content || null;
}

/** localStorage, or a throwaway map where it is blocked (private modes, sandboxed frames). */
export function safeLocalStorage(): KeyValue {
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

export interface BrowserCacheOptions {
  storage?: CatalogueStorage;
  kv?: KeyValue;
  /** Where `products-updated` is dispatched (the window). */
  events?: EventTarget;
  pageVersion?: () => string | null;
  now?: () => number;
  logger?: Logger;
}

/** The cache over IndexedDB, localStorage and the API (each replaceable for tests). */
export function createBrowserCatalogueCache(options: BrowserCacheOptions = {}): CatalogueCache {
  const events = options.events ?? window;
  return createCatalogueCache({
    storage: options.storage ?? idbCatalogueStorage(),
    kv: options.kv ?? safeLocalStorage(),
    fetchAll: fetchAllActiveProducts,
    fetchOne: fetchProductById,
    pageVersion: options.pageVersion ?? (() => pageCatalogueVersion()),
    onUpdated: (products) =>
      events.dispatchEvent(
        new CustomEvent<Product[]>(PRODUCTS_UPDATED_EVENT, { detail: products }),
      ),
    ...(options.now ? { now: options.now } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}

let browserCache: CatalogueCache | undefined;
let stopAutoRefresh: (() => void) | undefined;

/** The page's one cache (IndexedDB + localStorage), refreshing itself every 5 minutes. */
export function browserCatalogueCache(): CatalogueCache {
  if (!browserCache) {
    browserCache = createBrowserCatalogueCache();
    stopAutoRefresh = browserCache.startAutoRefresh(window);
    window.addEventListener("pagehide", (event) => {
      if (!event.persisted) stopAutoRefresh?.();
    });
  }
  return browserCache;
}
