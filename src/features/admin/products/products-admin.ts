/**
 * The portal's product list, pure (browser and server): the admin product shape, the counts of
 * docs/product.md §2 (out of stock = not active, docs/product.md §9) and the list's view (search, category, status,
 * page) with the server calls it makes.
 */
import type { Product, ProductStatus } from "~/features/catalogue/catalogue";
import { STOCK_FILTERS, type StockFilter } from "~/features/stock/stock";

/** The public product plus what only the owner sees. Amounts in paise. */
export type AdminProduct = Product & {
  costPrice: number;
  onHome: boolean;
  /** The Stock column (docs/decisions/0218): "Made to order", "Sold out", "Only 1 left", "12 left". */
  stock?: string;
};

export interface ProductCounts {
  count: number;
  active: number;
  outOfStock: number;
  /** Counted pieces with none left to sell, whatever the filter (docs/decisions/0218). */
  soldOut?: number;
}

/** Rows per page of the list: the browser holds one page (docs/decisions/0053-admin-lists-on-the-server.md). */
export const PRODUCTS_PAGE_SIZE = 50;

/** The list's filters and page, kept in the address (?q=&category=&status=&stock=&page=). */
export interface ProductsView {
  /** Searched on the server: name, description, tags, category (any case); blank = any. */
  q: string;
  /** Category slug; "" = any. */
  category: string;
  status: ProductStatus | "all";
  /** In stock, low, sold out or made to order (docs/decisions/0273-stock-filter-on-products.md). */
  stock: StockFilter | "all";
  /** 0-based (1-based in the address). */
  page: number;
}

export const NO_FILTERS: ProductsView = {
  q: "",
  category: "",
  status: "all",
  stock: "all",
  page: 0,
};

const isStockFilter = (value: string | null): value is StockFilter =>
  (STOCK_FILTERS as readonly (string | null)[]).includes(value);

export function readProductsView(search: string): ProductsView {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const stock = params.get("stock");
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    category: (params.get("category") ?? "").slice(0, 100),
    status: status === "active" || status === "inactive" ? status : "all",
    stock: isStockFilter(stock) ? stock : "all",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function productsSearch(view: ProductsView): string {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set("q", view.q.trim());
  if (view.category) params.set("category", view.category);
  if (view.status !== "all") params.set("status", view.status);
  if (view.stock !== "all") params.set("stock", view.stock);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The page of products and the counts under the same filter (without the status). */
export function productsRequests(view: ProductsView): { page: string; counts: string } {
  const filter = new URLSearchParams();
  if (view.category) filter.set("category", view.category);
  if (view.q.trim()) filter.set("q", view.q.trim());
  if (view.stock !== "all") filter.set("stock", view.stock);
  const counts = filter.toString();
  const page = new URLSearchParams({
    limit: String(PRODUCTS_PAGE_SIZE),
    offset: String(view.page * PRODUCTS_PAGE_SIZE),
    status: view.status,
  });
  for (const [key, value] of filter) page.set(key, value);
  return {
    page: `/v2/admin/allproducts?${page}`,
    counts: `/v2/admin/product-counts${counts ? `?${counts}` : ""}`,
  };
}

/** How many products the view's table has: all, the active ones or the rest. */
export function productsTotal(view: ProductsView, counts: ProductCounts): number {
  if (view.status === "active") return counts.active;
  if (view.status === "inactive") return counts.outOfStock;
  return counts.count;
}
