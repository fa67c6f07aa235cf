/**
 * The HSN code and GST rate of products (docs/decisions/0085): the product's own, else its
 * category's; null where neither says (the shop's default then applies). Read by the books when an
 * invoice is issued.
 */
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../server/db/client";
import { categories, products } from "../../server/db/schema";

export interface TaxCodes {
  hsn: string | null;
  gstRate: number | null;
}

export async function productTaxCodes(
  db: DbOrTx,
  productIds: readonly string[],
): Promise<Map<string, TaxCodes>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      hsn: products.hsn,
      gstRate: products.gstRate,
      categoryHsn: categories.hsn,
      categoryRate: categories.gstRate,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      { hsn: r.hsn ?? r.categoryHsn ?? null, gstRate: r.gstRate ?? r.categoryRate ?? null },
    ]),
  );
}
