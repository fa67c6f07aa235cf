/**
 * Writing and reading reviews (docs/decisions/0100-reviews.md). A shopper reviews a product once,
 * and only after an order of it was delivered to them; a review waits for the owner's moderation.
 * Every refusal is a 4xx with a sentence, and nothing is written.
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { reviews, reviewVotes } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import { deliveredLines, type DeliveredLine } from "~/features/orders/delivered-lines.server";
import {
  authorLabel,
  REVIEW_TEXTS,
  REVIEWS_PAGE_SIZE,
  type PublicReview,
  type ReviewSort,
  type ReviewSummary,
} from "./reviews";
import { refreshReviewFigures } from "./review-figures.server";
import { attachPhotos } from "./review-photos.server";
import { publishesAtOnce } from "./review-settings.server";
import type { ReviewInput } from "./reviews.schema";

export function newReviewId(now = new Date()): string {
  return `rev_${now.getTime().toString(36)}_${randomBytes(5).toString("hex")}`;
}

/** The city's initial as shown: its first letter, upper-case ("" when there is none). */
export function cityInitial(city: string): string {
  const letter = /\p{L}/u.exec(city.trim())?.[0];
  return letter ? letter.toLocaleUpperCase("en-IN") : "";
}

/** What the shopper may still review on one order: its delivered products not yet reviewed. */
export async function reviewableLines(
  db: DbOrTx,
  uid: string,
  orderId: string,
): Promise<(DeliveredLine & { reviewed: boolean })[]> {
  const lines = await deliveredLines(db, uid, orderId);
  if (lines.length === 0) return [];
  const mine = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.userId, uid));
  const done = new Set(mine.map((r) => r.productId));
  return lines.map((line) => ({ ...line, reviewed: done.has(line.productId) }));
}

/** True when `uid` has a delivered purchase not reviewed yet (the right to upload a photo). */
export async function mayAddPhotos(db: DbOrTx, uid: string): Promise<boolean> {
  const lines = await deliveredLines(db, uid);
  if (lines.length === 0) return false;
  const mine = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.userId, uid));
  const done = new Set(mine.map((r) => r.productId));
  return lines.some((line) => !done.has(line.productId));
}

/**
 * Stores a new review: pending, or published at once when the owner chose so (the `reviews`
 * settings section, decision 0136), the product's figures and the catalogue version then moving in
 * the same transaction as a moderation's would. Refuses a purchase not delivered, a second review,
 * foreign photos (any the writer did not upload for it: review-photos.server.ts).
 */
export async function submitReview(
  db: Db,
  uid: string,
  input: ReviewInput,
  now = new Date(),
): Promise<{ id: string; status: "pending" | "published" }> {
  const line = (await deliveredLines(db, uid, input.orderId)).find(
    (l) => l.productId === input.productId,
  );
  if (!line) throw new HttpError(403, REVIEW_TEXTS.notBought);
  if (input.photos.some((url) => !isShopImageUrl(url) || url.startsWith("/images/")))
    throw new HttpError(400, REVIEW_TEXTS.notOurPhoto);
  const id = newReviewId(now);
  return db.transaction(async (tx) => {
    const status = (await publishesAtOnce(tx)) ? "published" : "pending";
    const inserted = await tx
      .insert(reviews)
      .values({
        id,
        productId: input.productId,
        userId: uid,
        orderId: input.orderId,
        rating: input.rating,
        title: input.title,
        body: input.body,
        photos: input.photos,
        authorName: line.firstName.trim().split(/\s+/)[0] || "A customer",
        authorCityInitial: cityInitial(line.city),
        status,
        publishedAt: status === "published" ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (inserted.length === 0) throw new HttpError(409, REVIEW_TEXTS.already);
    await attachPhotos(tx, uid, id, input.photos);
    if (status === "published") await refreshReviewFigures(tx, input.productId);
    return { id, status };
  });
}

/** The average and count of a product's published reviews. */
export async function reviewSummary(db: DbOrTx, productId: string): Promise<ReviewSummary> {
  const [row] = await db
    .select({ count: count(), average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")));
  return { count: row?.count ?? 0, average: row?.average ? Number(row.average) : 0 };
}

/** One page of a product's published reviews, newest or most helpful first. */
export async function publishedReviews(
  db: DbOrTx,
  productId: string,
  options: { sort: ReviewSort; page: number; pageSize?: number },
): Promise<PublicReview[]> {
  const size = options.pageSize ?? REVIEWS_PAGE_SIZE;
  const order =
    options.sort === "helpful"
      ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
      : [desc(reviews.createdAt), desc(reviews.id)];
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .orderBy(...order)
    .limit(size)
    .offset(options.page * size);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: r.photos,
    author: authorLabel(r.authorName, r.authorCityInitial),
    reply: r.reply,
    helpfulCount: r.helpfulCount,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A shopper marks a published review helpful, once; answers the new count. */
export async function markHelpful(db: Db, uid: string, reviewId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ status: reviews.status, userId: reviews.userId })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (review?.status !== "published") throw new HttpError(404, REVIEW_TEXTS.noReview);
    if (review.userId === uid) throw new HttpError(400, "You cannot mark your own review helpful.");
    const added = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId: uid })
      .onConflictDoNothing()
      .returning({ reviewId: reviewVotes.reviewId });
    const [row] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + ${added.length}` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return row?.helpfulCount ?? 0;
  });
}
