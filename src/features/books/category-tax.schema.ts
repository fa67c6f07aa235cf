/**
 * PUT /v2/admin/category-tax: a collection's default HSN code and GST rate (docs/decisions/0085),
 * blank and null for the shop's default. Browser-safe: the portal's panel checks with it too.
 */
import { z } from "zod/mini";
import { gstRateField, hsnField } from "./product-tax";

export const categoryTaxBody = z.object({
  categoryId: z.string({ error: "categoryId is required" }).check(z.minLength(1), z.maxLength(100)),
  hsn: z._default(hsnField, ""),
  gstRate: z._default(z.nullable(gstRateField), null),
});
export type CategoryTaxBody = z.output<typeof categoryTaxBody>;

export interface CategoryTaxRow {
  id: string;
  hsn: string | null;
  gstRate: number | null;
}
