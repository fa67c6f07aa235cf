/**
 * The owner's moderation of reviews (docs/decisions/0100-reviews.md): the list by status, the count
 * waiting, and publish / hide / reply. Each change is audited in its transaction; publishing or
 * hiding sets the product's rating and count from its published reviews there too, which bumps
 * the catalogue version so cached pages and the product API show the new figures.
 */
import { count, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { reviews } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { productName } from "~/features/catalogue/product-rating.server";
import { refreshReviewFigures } from "~/features/reviews/review-figures.server";
import { authorLabel, REVIEW_TEXTS } from "~/features/reviews/reviews";
import type { AdminReview, AdminReviewsPage, Moderation, ReviewStatus } from "./reviews-admin";

type Row = typeof reviews.$inferSelect;

function toAdmin(row: Row, name: string): AdminReview {
  return {
    id: row.id,
    productId: row.productId,
    productName: name,
    orderId: row.orderId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    photos: row.photos,
    author: authorLabel(row.authorName, row.authorCityInitial),
    status: row.status,
    reply: row.reply,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function countReviews(db: DbOrTx, status?: ReviewStatus): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(status ? eq(reviews.status, status) : undefined);
  return row?.n ?? 0;
}

/** A page of reviews, newest first, with the products' names. */
export async function listReviews(
  db: DbOrTx,
  query: { status?: ReviewStatus; limit: number; offset: number },
): Promise<AdminReviewsPage> {
  const rows = await db
    .select()
    .from(reviews)
    .where(query.status ? eq(reviews.status, query.status) : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.limit)
    .offset(query.offset);
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.productId)))
    names.set(id, (await productName(db, id)) ?? id);
  return {
    reviews: rows.map((r) => toAdmin(r, names.get(r.productId) ?? r.productId)),
    count: await countReviews(db, query.status),
  };
}

/** publish | hide (with an optional reply) or reply alone; answers the review as it now is. */
export async function moderateReview(
  db: Db,
  id: string,
  action: Moderation,
  reply: string | undefined,
  actor: AuditActor,
  now = new Date(),
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!before) throw new HttpError(404, REVIEW_TEXTS.noReview);
    if (action === "reply" && reply === undefined)
      throw new HttpError(400, "Write the reply (or send an empty one to remove it).");
    const status: ReviewStatus =
      action === "publish" ? "published" : action === "hide" ? "hidden" : before.status;
    const newReply = reply ?? before.reply;
    const [after] = await tx
      .update(reviews)
      .set({
        status,
        reply: newReply,
        repliedAt: newReply !== before.reply ? (newReply ? now : null) : before.repliedAt,
        publishedAt: status === "published" ? (before.publishedAt ?? now) : before.publishedAt,
        updatedAt: now,
      })
      .where(eq(reviews.id, id))
      .returning();
    if (!after) throw new HttpError(404, REVIEW_TEXTS.noReview);
    // The page shows replies too: any change to a published review (or leaving it) refreshes.
    if (status !== before.status || status === "published")
      await refreshReviewFigures(tx, after.productId);
    await recordAudit(tx, actor, {
      action: `review.${action}`,
      entity: "review",
      entityId: id,
      before: { status: before.status, reply: before.reply },
      after: { status: after.status, reply: after.reply },
    });
    return toAdmin(after, (await productName(tx, after.productId)) ?? after.productId);
  });
}
