/**
 * The products area's calls (docs/product.md §7 Admin), on the portal's one API client: a page of the list
 * with its counts, one product, create, edit, the active switch and the homepage toggle. Answer
 * types are the ones the server's code returns (products-admin.ts).
 */
import type { Product, ProductStatus } from "~/features/catalogue/catalogue";
import { adminGet, adminPatch, adminPost, adminPut } from "~/features/admin/shell/admin-api";
import type { ProductFormValues } from "./product-form";
import {
  productsRequests,
  type AdminProduct,
  type ProductCounts,
  type ProductsView,
} from "./products-admin";

export interface ProductsPage {
  products: AdminProduct[];
  counts: ProductCounts;
}

const productPath = (id: string) => `/v2/products/${encodeURIComponent(id)}`;

export async function fetchProductsPage(
  view: ProductsView,
  signal?: AbortSignal,
): Promise<ProductsPage> {
  const { page, counts } = productsRequests(view);
  const [products, countsAnswer] = await Promise.all([
    adminGet<AdminProduct[]>(page, { signal }),
    adminGet<ProductCounts>(counts, { signal }),
  ]);
  return { products, counts: countsAnswer };
}

/** GET /v2/admin/product/{id}; a 404 is thrown as ApiError (the screen reads it as missing). */
export function fetchAdminProduct(id: string, signal?: AbortSignal): Promise<AdminProduct> {
  return adminGet<AdminProduct>(`/v2/admin/product/${encodeURIComponent(id)}`, { signal });
}

export function createProduct(values: ProductFormValues): Promise<Product> {
  return adminPost<Product>("/v2/products", values);
}

export function updateProduct(id: string, values: ProductFormValues): Promise<Product> {
  return adminPut<Product>(productPath(id), values);
}

export function saveProductStatus(id: string, status: ProductStatus): Promise<Product> {
  return adminPatch<Product>(`${productPath(id)}?status=${status}`);
}

/** PATCH /v2/home-products/{id}: the text "added" or "removed". */
export function toggleHomeProduct(id: string): Promise<string> {
  return adminPatch<string>(`/v2/home-products/${encodeURIComponent(id)}`);
}
