/** The Discount codes area's calls (docs/product.md "Discount codes"), on the portal's one API client. */
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";
import type { DiscountCodeInput } from "./discount-form.schema";
import type { AdminDiscountCode } from "./discounts-admin";

export function fetchDiscountCodes(signal?: AbortSignal): Promise<AdminDiscountCode[]> {
  return adminGet<AdminDiscountCode[]>("/v2/admin/discounts", { signal });
}

export function saveDiscountCode(
  id: string | null,
  body: DiscountCodeInput,
): Promise<AdminDiscountCode> {
  return id
    ? adminPut<AdminDiscountCode>(`/v2/admin/discounts/${encodeURIComponent(id)}`, body)
    : adminPost<AdminDiscountCode>("/v2/admin/discounts", body);
}

/** Every product's id and name, for the form's "Only these products" list. */
export async function fetchProductChoices(
  signal?: AbortSignal,
): Promise<{ id: string; name: string }[]> {
  const products = await adminGet<{ id: string; name: string }[]>(
    "/v2/admin/allproducts?limit=0&offset=0&status=all",
    { signal },
  );
  return products.map(({ id, name }) => ({ id, name }));
}
