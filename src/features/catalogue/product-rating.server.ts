/**
 * A product's review figures (docs/decisions/0100-reviews.md): `rating` and `reviewCount` are set
 * from the published reviews by the reviews feature, in the moderation's transaction, and the
 * catalogue's version is bumped so every cached page and API answer shows them
 * (docs/decisions/0040-catalogue-cache.md).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { products } from "~/server/db/schema";
import { catalogueChanged } from "./catalogue-version.server";

export async function setProductRating(
  tx: DbOrTx,
  productId: string,
  figures: { rating: number; count: number },
): Promise<void> {
  await tx
    .update(products)
    .set({ rating: figures.rating, reviewCount: figures.count })
    .where(eq(products.id, productId));
  await catalogueChanged(tx);
}

/** The product's name when it exists (any status), else null. */
export async function productName(db: DbOrTx, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return row?.name ?? null;
}
