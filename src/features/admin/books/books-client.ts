/**
 * The portal's calls of the books (docs/decisions/0085, 0086), on the one API client: an order's
 * documents, and the collections' default tax codes.
 */
import type { DocumentLink } from "~/features/books/books";
import type { CategoryTaxRow } from "~/features/books/category-tax.schema";
import { adminGet, adminPut } from "~/features/admin/shell/admin-api";

export type { DocumentLink };

export function fetchOrderDocuments(
  orderId: string,
  signal?: AbortSignal,
): Promise<{ documents: DocumentLink[] }> {
  return adminGet(`/v2/admin/order/${encodeURIComponent(orderId)}/documents`, { signal });
}

/** Every collection's default HSN code and GST rate (docs/decisions/0085). */
export function fetchCategoryTax(signal?: AbortSignal): Promise<{ categories: CategoryTaxRow[] }> {
  return adminGet("/v2/admin/category-tax", { signal });
}

export function saveCategoryTax(body: {
  categoryId: string;
  hsn: string;
  gstRate: number | null;
}): Promise<CategoryTaxRow> {
  return adminPut("/v2/admin/category-tax", body);
}
