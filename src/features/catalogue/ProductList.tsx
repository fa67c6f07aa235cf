/**
 * The product list island (docs/product.md §2 "Product list"): search box, category filter kept in the
 * `category` query parameter, the first 12 products as rendered by the server, then infinite
 * scroll by 12 and scroll restoration when the shopper comes back.
 *
 * Each job has its own module: the filters in the address (use-list-filters.ts), the two data
 * sources (use-catalogue-cache.ts: all active products in IndexedDB once loaded; until then, or
 * when it cannot load, use-server-pages.ts: pages of the API), infinite scroll
 * (use-infinite-scroll.ts), scroll restoration (use-scroll-restore.ts), and the head (ListControls).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  INITIAL_VISIBLE_PRODUCTS,
  PRODUCT_PAGE_SIZE,
  listUrl,
  productCard,
  type ProductCardData,
} from "./catalogue";
import { filterProducts, suggestFromProducts } from "./typo-search";
import { filterKey } from "./list-filters";
import ListControls from "./ListControls";
import type { CategoryOption, ListFilters } from "./list-filters";
import { ProductCard } from "./ProductCard";
import { useCatalogueCache } from "./use-catalogue-cache";
import { useInfiniteScroll } from "./use-infinite-scroll";
import { useListFilters } from "./use-list-filters";
import { useScrollRestore } from "./use-scroll-restore";
import { useServerPages } from "./use-server-pages";

export interface ProductListProps {
  /** The first products for `filters`, as the server rendered them. */
  initial: ProductCardData[];
  /** How many products match `filters` on the server. */
  total: number;
  filters: ListFilters;
  categories: CategoryOption[];
  /** The slug when the page was opened as /products/{slug}, else null. */
  pathSlug: string | null;
  /** "Did you mean ...?" for `filters`' search (docs/decisions/0198-search-typo-tolerance.md). */
  suggestion?: string | null;
}

export default function ProductList({
  initial,
  total: initialTotal,
  filters: initialFilters,
  categories,
  pathSlug: initialPathSlug,
  suggestion: initialSuggestion = null,
}: ProductListProps) {
  const [visible, setVisible] = useState(INITIAL_VISIBLE_PRODUCTS);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { filters, pathSlug, query, setQuery, search, pickCategory } = useListFilters(
    initialFilters,
    initialPathSlug,
    () => setVisible(INITIAL_VISIBLE_PRODUCTS),
  );
  const { all, loading } = useCatalogueCache();
  const {
    server,
    current: serverCurrent,
    fetching,
  } = useServerPages({
    enabled: !all && !loading,
    filters,
    visible,
    initial,
    initialTotal,
    initialFilters,
  });

  const matches = useMemo(() => (all ? filterProducts(all, filters) : null), [all, filters]);
  const suggestion = useMemo(
    () =>
      all
        ? suggestFromProducts(all, filters.q)
        : filterKey(filters) === filterKey(initialFilters)
          ? initialSuggestion
          : null,
    [all, filters, initialFilters, initialSuggestion],
  );
  const cards = useMemo(
    () => (matches ? matches.slice(0, visible).map(productCard) : server.items.slice(0, visible)),
    [matches, server.items, visible],
  );
  const hasMore = matches
    ? matches.length > visible
    : server.items.length > visible || !server.done || !serverCurrent;
  const knownTotal = matches
    ? matches.length
    : serverCurrent
      ? server.done
        ? server.items.length
        : server.total
      : null;

  const loadMore = useCallback(() => setVisible((v) => v + PRODUCT_PAGE_SIZE), []);
  const waiting = cards.length < visible && hasMore;
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, hasMore && !waiting, loadMore, cards.length);
  const remember = useScrollRestore(cards.length, setVisible);

  // Busy only once the island runs: the server's HTML is complete as it stands.
  const busy = mounted && (loading || fetching);

  return (
    <section
      aria-labelledby="product-list-heading"
      className="mx-auto max-w-6xl px-4 py-6 sm:py-10"
    >
      <ListControls
        filters={filters}
        pathSlug={pathSlug}
        categories={categories}
        knownTotal={knownTotal}
        query={query}
        onQuery={setQuery}
        onSearch={search}
        onCategory={pickCategory}
      />

      {suggestion && (
        <p className="mt-4 text-stone-700" data-search-suggestion>
          Did you mean{" "}
          <a
            href={listUrl(pathSlug ? `/products/${pathSlug}` : "/products", {
              category: filters.category,
              q: suggestion,
            })}
            className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4"
          >
            {suggestion}
          </a>
          ?
        </p>
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

      {cards.length === 0 && !fetching && (
        <p className="mt-10 text-center text-stone-600">No products found.</p>
      )}

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
