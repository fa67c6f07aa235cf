/**
 * The product list island (SPEC §2 "Product list"): search box, category filter kept in the
 * `category` query parameter, the first 12 products as rendered by the server, then infinite
 * scroll by 12 and scroll restoration when the shopper comes back.
 *
 * Data: the catalogue cache (all active products, IndexedDB) once it has loaded; until then, or
 * when it cannot load, pages of the API (`/v2/products?limit=12&offset=…`).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type SubmitEvent } from "react";
import {
  INITIAL_VISIBLE_PRODUCTS,
  PRODUCT_PAGE_SIZE,
  filterProducts,
  listUrl,
  normaliseSearch,
  pathCategory,
  productCard,
  type Product,
  type ProductCardData,
} from "./catalogue";
import { api } from "../../lib/api-client";
import { mergeProducts, PRODUCTS_UPDATED_EVENT } from "./catalogue-cache";
import { browserCatalogueCache } from "./catalogue-cache-browser";
import { clearPosition, positionKey, readPosition, restoreScroll, savePosition } from "./scroll-restore";
import { ProductCard } from "./ProductCard";

export interface CategoryOption {
  slug: string;
  label: string;
}

export interface ListFilters {
  category: string | null;
  q: string;
}

export interface ProductListProps {
  /** The first products for `filters`, as the server rendered them. */
  initial: ProductCardData[];
  /** How many products match `filters` on the server. */
  total: number;
  filters: ListFilters;
  categories: CategoryOption[];
  /** The slug when the page was opened as /products/{slug}, else null. */
  pathSlug: string | null;
}

/** Products fetched page by page from the API while the cache is not there. */
interface ServerList {
  key: string;
  items: ProductCardData[];
  /** True when the server has nothing more for this key. */
  done: boolean;
  /** How many match, when known (the server's count for the first render). */
  total: number | null;
}

const filterKey = (f: ListFilters) => `${f.category ?? ""}\u0000${normaliseSearch(f.q).toLowerCase()}`;

function filtersFromLocation(): ListFilters {
  const params = new URLSearchParams(window.location.search);
  return {
    category: pathCategory(window.location.pathname) ?? (params.get("category")?.trim() || null),
    q: params.get("q") ?? "",
  };
}

async function fetchPage(filters: ListFilters, offset: number, limit: number, signal: AbortSignal): Promise<Product[]> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset), status: "active" });
  if (filters.category) params.set("category", filters.category);
  const q = normaliseSearch(filters.q);
  if (q) params.set("q", q);
  const data = await api.get<unknown>(`/v2/products?${params}`, { signal });
  if (!Array.isArray(data)) throw new Error("The product list is not an array");
  return data as Product[];
}

/** Back/forward and reload restore the list; a fresh visit starts at the top. */
function isReturnVisit(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "back_forward" || entry?.type === "reload";
}

/** How long the list waits for the browser cache before paging the API instead. */
const CACHE_WAIT_MS = 4000;

export default function ProductList({ initial, total: initialTotal, filters: initialFilters, categories, pathSlug: initialPathSlug }: ProductListProps) {
  const [filters, setFilters] = useState<ListFilters>(initialFilters);
  const [pathSlug, setPathSlug] = useState(initialPathSlug);
  const [query, setQuery] = useState(initialFilters.q);
  const [all, setAll] = useState<Product[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [visible, setVisible] = useState(INITIAL_VISIBLE_PRODUCTS);
  const [server, setServer] = useState<ServerList>({
    key: filterKey(initialFilters),
    items: initial,
    done: initial.length >= initialTotal,
    total: initialTotal,
  });
  const [fetching, setFetching] = useState(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const sentinel = useRef<HTMLDivElement>(null);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // The catalogue cache: the whole active catalogue, then background refreshes.
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
      if (Array.isArray(fresh) && fresh.length > 0) setAll((current) => (current ? mergeProducts(current, fresh) : fresh));
    };
    window.addEventListener(PRODUCTS_UPDATED_EVENT, onUpdated);
    return () => {
      cancelled = true;
      clearTimeout(giveUp);
      window.removeEventListener(PRODUCTS_UPDATED_EVENT, onUpdated);
    };
  }, []);

  const matches = useMemo(() => (all ? filterProducts(all, filters) : null), [all, filters]);
  const key = filterKey(filters);
  const serverCurrent = server.key === key;
  const cards = useMemo(
    () => (matches ? matches.slice(0, visible).map(productCard) : server.items.slice(0, visible)),
    [matches, server.items, visible],
  );
  const hasMore = matches ? matches.length > visible : server.items.length > visible || !server.done || !serverCurrent;
  const knownTotal = matches ? matches.length : serverCurrent ? (server.done ? server.items.length : server.total) : null;

  // Without the cache: fetch what the list needs from the API (new filters, or more rows).
  useEffect(() => {
    if (all || loading) return;
    const have = serverCurrent ? server.items.length : 0;
    if (serverCurrent && (server.done || have >= visible)) return;
    const controller = new AbortController();
    const limit = Math.max(PRODUCT_PAGE_SIZE, visible - have);
    const timer = setTimeout(
      async () => {
        setFetching(true);
        try {
          const page = (await fetchPage(filters, have, limit, controller.signal)).map(productCard);
          setServer((current) => {
            const same = current.key === key;
            const items = same ? [...current.items.slice(0, have), ...page] : page;
            const done = page.length < limit;
            return { key, items, done, total: done ? items.length : same ? current.total : null };
          });
        } catch (error) {
          if (controller.signal.aborted) return;
          console.error("Error loading products", error);
          setServer((current) => {
            const items = current.key === key ? current.items : [];
            return { key, items, done: true, total: items.length };
          });
        } finally {
          if (!controller.signal.aborted) setFetching(false);
        }
      },
      serverCurrent ? 0 : 250,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
      setFetching(false);
    };
  }, [all, loading, filters, key, serverCurrent, server.items.length, server.done, visible]);

  const loadMore = useCallback(() => {
    setVisible((v) => v + PRODUCT_PAGE_SIZE);
  }, []);

  // Infinite scroll: when the end of the list nears the viewport, show 12 more.
  const waiting = cards.length < visible && hasMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || waiting || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, waiting, cards.length, loadMore]);

  // Scroll restoration: remember where the shopper was; on coming back, grow the list and scroll there.
  const countRef = useRef(cards.length);
  countRef.current = cards.length;
  const remember = useCallback(() => {
    savePosition(sessionStorage, positionKey(window.location), { y: window.scrollY, count: countRef.current });
  }, []);
  useEffect(() => {
    const storageKey = positionKey(window.location);
    const saved = isReturnVisit() ? readPosition(sessionStorage, storageKey) : null;
    clearPosition(sessionStorage, storageKey);
    window.addEventListener("pagehide", remember);
    if (!saved) return () => window.removeEventListener("pagehide", remember);
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    setVisible(Math.max(INITIAL_VISIBLE_PRODUCTS, Math.ceil(saved.count / PRODUCT_PAGE_SIZE) * PRODUCT_PAGE_SIZE));
    const stop = restoreScroll(saved.y, { scrollTo: (y) => window.scrollTo(0, y), currentY: () => window.scrollY });
    // The shopper taking over ends the attempts.
    const userScroll = () => stop();
    const opts = { passive: true, once: true } as const;
    window.addEventListener("wheel", userScroll, opts);
    window.addEventListener("touchstart", userScroll, opts);
    window.addEventListener("keydown", userScroll, { once: true });
    return () => {
      stop();
      window.removeEventListener("pagehide", remember);
      window.removeEventListener("wheel", userScroll);
      window.removeEventListener("touchstart", userScroll);
      window.removeEventListener("keydown", userScroll);
    };
  }, [remember]);

  // Filters live in the address: category changes add a history entry, searches replace it.
  const applyFilters = useCallback((next: ListFilters, mode: "push" | "replace") => {
    const normalised = { category: next.category?.trim() || null, q: next.q };
    setFilters(normalised);
    setVisible(INITIAL_VISIBLE_PRODUCTS);
    const url = listUrl(window.location.pathname, normalised);
    setPathSlug(pathCategory(new URL(url, window.location.href).pathname));
    if (url !== window.location.pathname + window.location.search) {
      if (mode === "push") history.pushState(null, "", url);
      else history.replaceState(null, "", url);
    }
  }, []);

  useEffect(() => {
    const onPop = () => {
      const next = filtersFromLocation();
      // Closing a modal also goes back in history: leave the list alone unless the filters changed.
      if (filterKey(next) === filterKey(filtersRef.current)) return;
      setPathSlug(pathCategory(window.location.pathname));
      setFilters(next);
      setQuery(next.q);
      setVisible(INITIAL_VISIBLE_PRODUCTS);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  // Typing narrows the list after a short pause.
  useEffect(() => {
    if (normaliseSearch(query) === normaliseSearch(filtersRef.current.q)) return;
    const timer = setTimeout(() => applyFilters({ ...filtersRef.current, q: query }, "replace"), 200);
    return () => clearTimeout(timer);
  }, [query, applyFilters]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyFilters({ ...filters, q: query }, "replace");
  };

  const onCategory = (slug: string | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    applyFilters({ category: slug, q: query }, "push");
  };

  // Keep the chosen collection's chip in view on narrow screens (the chips scroll sideways).
  const chips = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = chips.current;
    const chip = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !chip || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = chip.offsetLeft - nav.clientWidth / 2 + chip.clientWidth / 2;
  }, [filters.category]);

  const current = categories.find((c) => c.slug === filters.category);
  const heading = filters.category ? (current?.label ?? filters.category) : "All products";
  // Without JavaScript the form still works: it submits to the same list.
  const formAction = filters.category && pathSlug === filters.category ? `/products/${encodeURIComponent(filters.category)}` : "/products";
  // Busy only once the island runs: the server's HTML is complete as it stands.
  const busy = mounted && (loading || fetching);

  return (
    <section aria-labelledby="product-list-heading" className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="product-list-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {heading}
          </h1>
          <p className="mt-1 text-sm text-stone-600" role="status" aria-live="polite">
            {knownTotal === null ? "\u00a0" : knownTotal === 1 ? "1 product" : `${knownTotal} products`}
          </p>
        </div>
        <form role="search" action={formAction} method="get" onSubmit={onSubmit} className="flex w-full gap-2 sm:w-80">
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search products"
            maxLength={200}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm focus:border-amber-700 focus:outline-none focus:ring-2 focus:ring-amber-700/30"
          />
          {filters.category && formAction === "/products" && <input type="hidden" name="category" value={filters.category} />}
          <button
            type="submit"
            className="rounded-full bg-stone-900 px-4 py-2 text-sm font-medium text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
          >
            Search
          </button>
        </form>
      </div>

      {categories.length > 0 && (
        <nav ref={chips} aria-label="Collections" className="relative -mx-4 mt-5 overflow-x-auto px-4">
          <ul className="flex gap-2 pb-1">
            <li>
              <a
                href={listUrl("/products", { category: null, q: filters.q })}
                onClick={onCategory(null)}
                aria-current={filters.category ? undefined : "page"}
                className={chipClass(!filters.category)}
              >
                All
              </a>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <a
                  href={listUrl("/products", { category: c.slug, q: filters.q })}
                  onClick={onCategory(c.slug)}
                  aria-current={filters.category === c.slug ? "page" : undefined}
                  className={chipClass(filters.category === c.slug)}
                >
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <ul
        aria-label="Products"
        aria-busy={busy}
        className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4"
      >
        {cards.map((card, index) => (
          <ProductCard key={card.id} card={card} index={index} onOpen={remember} />
        ))}
      </ul>

      {cards.length === 0 && !fetching && <p className="mt-10 text-center text-stone-600">No products found.</p>}

      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {hasMore && (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            onClick={loadMore}
            disabled={waiting}
            className="rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-medium hover:bg-stone-100 disabled:opacity-60"
          >
            {waiting ? "Loading…" : "Show more products"}
          </button>
        </div>
      )}
    </section>
  );
}

function chipClass(active: boolean): string {
  return [
    "inline-block whitespace-nowrap rounded-full px-4 py-1.5 text-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700",
    active ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-100",
  ].join(" ");
}
