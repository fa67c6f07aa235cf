/**
 * The HSN code and GST rate of products (docs/decisions/0085): the product's own, else its
 * category's; null where neither says (the shop's default then applies). Read by the books when an
 * invoice is issued.
 */
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { categories, products } from "~/server/db/schema";

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

/** Every collection's default HSN code and GST rate (null: the shop's default), by name. */
export async function categoryTaxCodes(
  db: DbOrTx,
): Promise<{ id: string; hsn: string | null; gstRate: number | null }[]> {
  return db
    .select({ id: categories.id, hsn: categories.hsn, gstRate: categories.gstRate })
    .from(categories)
    .orderBy(categories.id);
}

/** Sets a collection's default codes; answers the codes before, or null when there is no such collection. */
export async function setCategoryTaxCodes(
  tx: DbOrTx,
  id: string,
  codes: TaxCodes,
): Promise<TaxCodes | null> {
  const [before] = await tx
    .select({ hsn: categories.hsn, gstRate: categories.gstRate })
    .from(categories)
    .where(eq(categories.id, id))
    .for("update");
  if (!before) return null;
  await tx.update(categories).set(codes).where(eq(categories.id, id));
  return before;
}
