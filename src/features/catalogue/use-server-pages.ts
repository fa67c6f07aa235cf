/**
 * The product list's fallback data source: pages of the API (`/v2/products?limit=&offset=`) for
 * the current filters, while the catalogue cache is not there. Starts from the rows the server
 * rendered; fetches when the filters change (after a short pause) or the list needs more rows.
 */
import { useEffect, useState } from "react";
import { api } from "~/lib/api-client";
import {
  PRODUCT_PAGE_SIZE,
  normaliseSearch,
  productCard,
  type Product,
  type ProductCardData,
} from "./catalogue";
import { filterKey, type ListFilters } from "./list-filters";

/** Products fetched page by page for one filter key. */
export interface ServerList {
  key: string;
  items: ProductCardData[];
  /** True when the server has nothing more for this key. */
  done: boolean;
  /** How many match, when known (the server's count for the first render). */
  total: number | null;
}

/** A pause before fetching for new filters, so quick changes make one request. */
const NEW_FILTERS_DELAY_MS = 250;

async function fetchPage(
  filters: ListFilters,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Product[]> {
  const params = new URLSearchParams({
    limit: String(limit),
    offset: String(offset),
    status: "active",
  });
  if (filters.category) params.set("category", filters.category);
  const q = normaliseSearch(filters.q);
  if (q) params.set("q", q);
  const data = await api.get<unknown>(`/v2/products?${params}`, { signal });
  if (!Array.isArray(data)) throw new Error("The product list is not an array");
  return data as Product[];
}

interface Options {
  /** False while another source serves the list (the cache) or may still do so. */
  enabled: boolean;
  filters: ListFilters;
  /** How many rows the list shows now. */
  visible: number;
  /** The server-rendered first rows and count for `initialFilters`. */
  initial: ProductCardData[];
  initialTotal: number;
  initialFilters: ListFilters;
}

export function useServerPages({
  enabled,
  filters,
  visible,
  initial,
  initialTotal,
  initialFilters,
}: Options) {
  const [server, setServer] = useState<ServerList>(() => ({
    key: filterKey(initialFilters),
    items: initial,
    done: initial.length >= initialTotal,
    total: initialTotal,
  }));
  const [fetching, setFetching] = useState(false);
  const key = filterKey(filters);
  const current = server.key === key;

  useEffect(() => {
    if (!enabled) return;
    const have = current ? server.items.length : 0;
    if (current && (server.done || have >= visible)) return;
    const controller = new AbortController();
    const limit = Math.max(PRODUCT_PAGE_SIZE, visible - have);
    const timer = setTimeout(
      async () => {
        setFetching(true);
        try {
          const page = (await fetchPage(filters, have, limit, controller.signal)).map(productCard);
          setServer((prev) => {
            const same = prev.key === key;
            const items = same ? [...prev.items.slice(0, have), ...page] : page;
            const done = page.length < limit;
            return { key, items, done, total: done ? items.length : same ? prev.total : null };
          });
        } catch (error) {
          if (controller.signal.aborted) return;
          console.error("Error loading products", error);
          setServer((prev) => {
            const items = prev.key === key ? prev.items : [];
            return { key, items, done: true, total: items.length };
          });
        } finally {
          if (!controller.signal.aborted) setFetching(false);
        }
      },
      current ? 0 : NEW_FILTERS_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
      setFetching(false);
    };
  }, [enabled, filters, key, current, server.items.length, server.done, visible]);

  return { server, current, fetching };
}
