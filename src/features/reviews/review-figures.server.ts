/**
 * A product's published figures (docs/decisions/0100-reviews.md), recomputed inside the transaction
 * of whatever changed its reviews (a moderation, an erasure) and written to the catalogue.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { reviews } from "~/server/db/schema";
import { setProductRating } from "~/features/catalogue/product-rating.server";
import { roundRating } from "./reviews";

export async function refreshReviewFigures(tx: DbOrTx, productId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count(), average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")));
  const n = row?.n ?? 0;
  await setProductRating(tx, productId, {
    count: n,
    rating: n > 0 && row?.average ? roundRating(Number(row.average)) : 0,
  });
}
