/**
 * The product list's filters (docs/product.md §2 Product list: search and category) and where they live in
 * the address: /products/{slug} or ?category=, and ?q=.
 */
import { normaliseSearch, pathCategory } from "./catalogue";

export interface CategoryOption {
  slug: string;
  label: string;
}

export interface ListFilters {
  category: string | null;
  q: string;
}

/** One string per distinct filter (search compared as the server compares it). */
export const filterKey = (f: ListFilters) =>
  `${f.category ?? ""}\u0000${normaliseSearch(f.q).toLowerCase()}`;

/** The filters the browser's address holds now. */
export function filtersFromLocation(): ListFilters {
  const params = new URLSearchParams(window.location.search);
  return {
    category: pathCategory(window.location.pathname) ?? (params.get("category")?.trim() || null),
    q: params.get("q") ?? "",
  };
}
