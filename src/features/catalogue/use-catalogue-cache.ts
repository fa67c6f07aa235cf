/**
 * The product list's main data source: the browser's catalogue cache (every active product, in
 * IndexedDB; catalogue-cache.ts), then its background refreshes. `all` stays null while the cache
 * has not answered, and when it failed or stalled (`loading` turns false after CACHE_WAIT_MS): the
 * list then pages the API instead (use-server-pages.ts).
 */
import { useEffect, useState } from "react";
import type { Product } from "./catalogue";
import { mergeProducts, PRODUCTS_UPDATED_EVENT } from "./catalogue-cache";
import { browserCatalogueCache } from "./catalogue-cache-browser";

/** How long the list waits for the browser cache before paging the API instead. */
const CACHE_WAIT_MS = 4000;

export function useCatalogueCache(): { all: Product[] | null; loading: boolean } {
  const [all, setAll] = useState<Product[] | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const cache = browserCatalogueCache();
    // IndexedDB can stall (another tab upgrading it): after a while, page the API meanwhile.
    const giveUp = setTimeout(() => setLoading(false), CACHE_WAIT_MS);
    cache
      .getProducts()
      .then((list) => {
        if (cancelled) return;
        // An empty answer while the server listed products means the cache failed: keep paging the API.
        if (list.length > 0) setAll(list);
      })
      .finally(() => {
        clearTimeout(giveUp);
        if (!cancelled) setLoading(false);
      });
    const onUpdated = (event: Event) => {
      const fresh = (event as CustomEvent<Product[]>).detail;
      if (Array.isArray(fresh) && fresh.length > 0)
        setAll((current) => (current ? mergeProducts(current, fresh) : fresh));
    };
    window.addEventListener(PRODUCTS_UPDATED_EVENT, onUpdated);
    return () => {
      cancelled = true;
      clearTimeout(giveUp);
      window.removeEventListener(PRODUCTS_UPDATED_EVENT, onUpdated);
    };
  }, []);

  return { all, loading };
}
