/**
 * The product list's head: the heading and count, the search form (which also works without
 * JavaScript: it submits to the same list), and the collection chips (links, so they work
 * without JavaScript too; with it, `onCategory` filters in place).
 */
import type { MouseEvent, SubmitEvent } from "react";
import { listUrl } from "./catalogue";
import type { CategoryOption, ListFilters } from "./list-filters";

interface Props {
  filters: ListFilters;
  pathSlug: string | null;
  categories: CategoryOption[];
  /** How many products match, when known. */
  knownTotal: number | null;
  query: string;
  onQuery: (query: string) => void;
  onSearch: () => void;
  onCategory: (slug: string | null) => void;
}

export default function ListControls({
  filters,
  pathSlug,
  categories,
  knownTotal,
  query,
  onQuery,
  onSearch,
  onCategory,
}: Props) {
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch();
  };

  const chipClick = (slug: string | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    onCategory(slug);
  };

  const current = categories.find((c) => c.slug === filters.category);
  const heading = filters.category ? (current?.label ?? filters.category) : "All products";
  const formAction =
    filters.category && pathSlug === filters.category
      ? `/products/${encodeURIComponent(filters.category)}`
      : "/products";

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            id="product-list-heading"
            className="text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            {heading}
          </h1>
          <p className="mt-1 text-sm text-stone-600" role="status" aria-live="polite">
            {knownTotal === null
              ? "\u00a0"
              : knownTotal === 1
                ? "1 product"
                : `${knownTotal} products`}
          </p>
        </div>
        <form
          role="search"
          action={formAction}
          method="get"
          onSubmit={onSubmit}
          className="flex w-full gap-2 sm:w-80"
        >
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => onQuery(event.target.value)}
            placeholder="Search products"
            maxLength={200}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm focus:border-amber-700 focus:outline-none focus:ring-2 focus:ring-amber-700/30"
          />
          {filters.category && formAction === "/products" && (
            <input type="hidden" name="category" value={filters.category} />
          )}
          <button
            type="submit"
            className="rounded-full bg-stone-900 px-4 py-2 text-sm font-medium text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
          >
            Search
          </button>
        </form>
      </div>

      {categories.length > 0 && (
        <nav aria-label="Collections" className="relative mt-5">
          {/* Wrapped, not scrolled: on a phone a scrolled row cut the last pills and their rings. */}
          <ul className="flex flex-wrap gap-2 py-1">
            <li>
              <a
                href={listUrl("/products", { category: null, q: filters.q })}
                onClick={chipClick(null)}
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
                  onClick={chipClick(c.slug)}
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
    </>
  );
}

function chipClass(active: boolean): string {
  return [
    "inline-block whitespace-nowrap rounded-full px-4 py-1.5 text-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700",
    active
      ? "bg-stone-900 text-white ring-stone-900"
      : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-100",
  ].join(" ");
}
