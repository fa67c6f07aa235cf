/**
 * What the product list pages render on the server: the first 12 products for the filters in
 * the address, the collections for the filter, and the page's head (title, canonical, status).
 */
import type { DbOrTx } from "../../server/db/client";
import { readPage, type Found, type Missing, type PageLoad } from "../../server/page-load";
import {
  categoryLabel,
  categoryPath,
  INITIAL_VISIBLE_PRODUCTS,
  normaliseSearch,
  productCard,
  type ProductCardData,
} from "./catalogue";
import { countProducts, listCategories, listProducts } from "./catalogue.server";
import type { CategoryOption, ListFilters } from "./list-filters";

interface ListPageData {
  title: string;
  description: string;
  canonicalPath: string;
  filters: ListFilters;
  pathSlug: string | null;
  categories: CategoryOption[];
  initial: ProductCardData[];
  total: number;
}

/** Found: the list. Missing (404): an unknown collection in the path, with the whole catalogue below. */
export type ProductListPage = PageLoad<ListPageData, ListPageData>;
export type ShownListPage = Found<ListPageData> | Missing<ListPageData>;

/** Shown instead of the list when the catalogue could not be read (503). */
export const LIST_LOAD_FAILED = "The products could not be loaded just now. Please try again in a moment.";

const ALL_DESCRIPTION =
  "Shop handmade resin art: photo frames, luggage tags, nameplates, wall art, custom keepsakes and varmala preservation, made to order in India.";

/**
 * `pathSlug`: the slug of /products/{shopCategory}, or null for /products (where the category
 * comes from ?category=). An unknown slug in the path is a 404; in the query it simply matches nothing.
 */
export function loadProductListPage(openDb: () => Promise<DbOrTx>, pathSlug: string | null, search: URLSearchParams): Promise<ProductListPage> {
  return readPage("product list", async () => readListPage(await openDb(), pathSlug, search));
}

async function readListPage(db: DbOrTx, pathSlug: string | null, search: URLSearchParams): Promise<ShownListPage> {
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

  const [products, total] = await Promise.all([
    listProducts(db, { limit: INITIAL_VISIBLE_PRODUCTS, offset: 0, status: "active", category, q, includeCost: false }),
    countProducts(db, { status: "active", category, q }),
  ]);
  const common = { filters, categories, initial: products.map(productCard), total };
  if (missing) {
    return { ...common, state: "missing", status: 404, title: "Collection not found", description: ALL_DESCRIPTION, canonicalPath: "/products", pathSlug: null };
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
