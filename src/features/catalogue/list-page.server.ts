/**
 * What the product list pages render on the server: the first 12 products for the filters in
 * the address, the collections for the filter, and the page's head (title, canonical, status).
 */
import type { DbOrTx } from "~/server/db/client";
import { readPage, type Found, type Missing, type PageLoad } from "~/server/page-load";
import {
  categoryLabel,
  categoryPath,
  INITIAL_VISIBLE_PRODUCTS,
  normaliseSearch,
  productCard,
  type ProductCardData,
} from "./catalogue";
import { listCategories } from "./catalogue-lists.server";
import { countProducts, listProducts, listProductsByIds } from "./catalogue.server";
import { searchActiveProducts, type SearchResult } from "./search-index.server";
import type { CategoryOption, ListFilters } from "./list-filters";
import { readCatalogue } from "./catalogue-store.server";

interface ListPageData {
  title: string;
  description: string;
  canonicalPath: string;
  filters: ListFilters;
  pathSlug: string | null;
  categories: CategoryOption[];
  initial: ProductCardData[];
  total: number;
  /** "Did you mean ...?" when the search's results forgive a typo (decision 0198), else null. */
  suggestion: string | null;
}

/** Found: the list. Missing (404): an unknown collection in the path, with the whole catalogue below. */
export type ProductListPage = PageLoad<ListPageData, ListPageData>;
export type ShownListPage = Found<ListPageData> | Missing<ListPageData>;

/** Shown instead of the list when the catalogue could not be read (503). */
export const LIST_LOAD_FAILED =
  "The products could not be loaded just now. Please try again in a moment.";

const ALL_DESCRIPTION =
  "Shop handmade resin art: photo frames, luggage tags, nameplates, wall art, custom keepsakes and varmala preservation, made to order in India.";

/**
 * `pathSlug`: the slug of /products/{shopCategory}, or null for /products (where the category
 * comes from ?category=). An unknown slug in the path is a 404; in the query it simply matches nothing.
 */
export function loadProductListPage(
  openDb: () => Promise<DbOrTx>,
  pathSlug: string | null,
  search: URLSearchParams,
): Promise<ProductListPage> {
  return readPage("product list", async () => {
    const db = await openDb();
    // Kept in memory per address until the catalogue changes (catalogue-store.server.ts).
    const category = search.get("category")?.trim() ?? "";
    const key = `page:list:${pathSlug ?? ""}:${pathSlug === null ? category : ""}:${normaliseSearch(search.get("q"))}`;
    // A search runs over the catalogue kept in memory, before the page's own read (PGlite has one connection).
    const q = normaliseSearch(search.get("q"));
    const matches = q ? await searchActiveProducts(db, q) : null;
    return (await readCatalogue(db, key, (tx) => readListPage(tx, pathSlug, search, matches)))
      .value;
  });
}

/** `found`: the active products matching the search, newest first (search-index.server.ts), or null without one. */
async function readListPage(
  db: DbOrTx,
  pathSlug: string | null,
  search: URLSearchParams,
  found: SearchResult | null,
): Promise<ShownListPage> {
  const matches = found?.matches ?? null;
  const categoryRows = await listCategories(db, { shownOnly: false });
  const requested = (pathSlug ?? search.get("category")?.trim()) || null;
  // The filter chips offer the collections shown on the site; a hidden one still works by link.
  const categories = categoryRows
    .filter((c) => c.show === 1 || c.slug === requested)
    .map((c) => ({ slug: c.slug, label: categoryLabel(c) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en-IN"));
  const q = normaliseSearch(search.get("q"));
  const known = requested ? categoryRows.find((c) => c.slug === requested) : undefined;
  // An unknown collection in the path: 404, and the whole catalogue below the message.
  const missing = pathSlug !== null && !known;
  const category = missing ? null : requested;
  const filters: ListFilters = { category, q };

  let products, total;
  if (matches) {
    const ids = matches
      .filter((m) => category === null || m.categorySlug === category)
      .map((m) => m.id);
    [products, total] = [
      await listProductsByIds(db, ids.slice(0, INITIAL_VISIBLE_PRODUCTS), false),
      ids.length,
    ];
  } else {
    [products, total] = await Promise.all([
      listProducts(db, {
        limit: INITIAL_VISIBLE_PRODUCTS,
        offset: 0,
        status: "active",
        category,
        q,
        includeCost: false,
      }),
      countProducts(db, { status: "active", category, q }),
    ]);
  }
  const suggestion = found?.suggestion ?? null;
  const common = { filters, categories, initial: products.map(productCard), total, suggestion };
  if (missing) {
    return {
      ...common,
      state: "missing",
      status: 404,
      title: "Collection not found",
      description: ALL_DESCRIPTION,
      canonicalPath: "/products",
      pathSlug: null,
    };
  }
  const label = known ? categoryLabel(known) : category;
  return {
    state: "found",
    status: 200,
    title: label ? `${label} – handmade resin art` : "Shop all handmade resin art",
    description: label
      ? `Handmade resin ${label.toLowerCase()} made to order in India. Browse the ${label} collection and customise yours.`
      : ALL_DESCRIPTION,
    // /products?category=x and /products/x show the same list: one canonical address.
    canonicalPath: known ? categoryPath(known.slug) : "/products",
    pathSlug: known && pathSlug !== null ? known.slug : null,
    ...common,
  };
}
