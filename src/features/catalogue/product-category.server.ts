/**
 * Whether products belong to a category, for features that follow a category's rules (custom
 * work's varmala stages, decision 0046) without reading the catalogue's tables themselves.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { categories, products } from "~/server/db/schema";

/** True when any of these products is in the category with this slug. */
export async function anyProductInCategory(
  db: DbOrTx,
  productIds: readonly string[],
  slug: string,
): Promise<boolean> {
  if (productIds.length === 0) return false;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, [...productIds]), eq(categories.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

/** Each product's category id (null when it has none), for discount codes limited to collections. */
export async function categoryIdsOf(
  db: DbOrTx,
  productIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, row.categoryId]));
}
