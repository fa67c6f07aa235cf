/**
 * Review photos belong to their writer (docs/decisions/0100-reviews.md): each upload through
 * POST /v2/reviews/photos is recorded under the shopper, and a review takes only photos its writer
 * uploaded and not yet put into another review. A URL found elsewhere (another shopper's upload, a
 * proof image) is refused with REVIEW_TEXTS.notOurPhoto and nothing is written.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { reviewPhotoUploads } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { REVIEW_TEXTS } from "./reviews";

/** Records that `uid` uploaded `url` (the same bytes again are the same URL: one row). */
export async function recordPhotoUpload(db: DbOrTx, uid: string, url: string): Promise<void> {
  await db.insert(reviewPhotoUploads).values({ url, userId: uid }).onConflictDoNothing();
}

/** Puts `photos` into review `reviewId` of `uid`: 400 unless each is an unused upload of theirs. */
export async function attachPhotos(
  tx: DbOrTx,
  uid: string,
  reviewId: string,
  photos: readonly string[],
): Promise<void> {
  const wanted = [...new Set(photos)];
  if (wanted.length === 0) return;
  const taken = await tx
    .update(reviewPhotoUploads)
    .set({ reviewId })
    .where(
      and(
        eq(reviewPhotoUploads.userId, uid),
        inArray(reviewPhotoUploads.url, wanted),
        isNull(reviewPhotoUploads.reviewId),
      ),
    )
    .returning({ url: reviewPhotoUploads.url });
  if (taken.length !== wanted.length) throw new HttpError(400, REVIEW_TEXTS.notOurPhoto);
}
