/**
 * What the product list pages render on the server: the first 12 products for the filters in
 * the address, the collections for the filter, and the page's head (title, canonical, status).
 */
import type { DbOrTx } from "../../server/db/client";
import {
  categoryLabel,
  categoryPath,
  INITIAL_VISIBLE_PRODUCTS,
  normaliseSearch,
  productCard,
  type ProductCardData,
} from "./catalogue";
import { countProducts, listCategories, listProducts } from "./catalogue.server";
import type { CategoryOption, ListFilters } from "./ProductList";

export interface ProductListPage {
  status: 200 | 404;
  title: string;
  description: string;
  canonicalPath: string;
  filters: ListFilters;
  pathSlug: string | null;
  categories: CategoryOption[];
  initial: ProductCardData[];
  total: number;
}

const ALL_DESCRIPTION =
  "Shop handmade resin art: photo frames, luggage tags, nameplates, wall art, custom keepsakes and varmala preservation, made to order in India.";

/**
 * `pathSlug`: the slug of /products/{shopCategory}, or null for /products (where the category
 * comes from ?category=). An unknown slug in the path is a 404; in the query it simply matches nothing.
 */
export async function loadProductListPage(db: DbOrTx, pathSlug: string | null, search: URLSearchParams): Promise<ProductListPage> {
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
    return { ...common, status: 404, title: "Collection not found", description: ALL_DESCRIPTION, canonicalPath: "/products", pathSlug: null };
  }
  const label = known ? categoryLabel(known) : category;
  return {
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

export type ProductListPageState =
  | { state: "found"; status: 200; page: ProductListPage }
  | { state: "missing"; status: 404; page: ProductListPage }
  | { state: "failed"; status: 503 };

/** The list pages' toast when the catalogue cannot be read (SPEC §8's product load failure). */
export const PRODUCTS_LOAD_FAILED = "Failed to load product";

/**
 * The list pages' loader, with the same three outcomes as the product page: found, missing (an
 * unknown collection in the path: 404 with the whole catalogue below the message) or failed (503
 * with the 'Failed to load product' toast). `openDb` is called here so a database that cannot be
 * opened is a failed load too, never a bare 500.
 */
export async function loadProductList(
  openDb: () => Promise<DbOrTx>,
  pathSlug: string | null,
  search: URLSearchParams,
): Promise<ProductListPageState> {
  try {
    const page = await loadProductListPage(await openDb(), pathSlug, search);
    return page.status === 404 ? { state: "missing", status: 404, page } : { state: "found", status: 200, page };
  } catch (error) {
    console.error(`product list page: could not load ${JSON.stringify(pathSlug ?? "/products")}:`, error);
    return { state: "failed", status: 503 };
  }
}
