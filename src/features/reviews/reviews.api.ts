/**
 * The shoppers' review calls (docs/decisions/0100-reviews.md). Each verifies the bearer token
 * first (401); a purchase not delivered is 403, a second review 409, anything malformed 400, and a
 * refusal writes nothing.
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { limitOrRefuse } from "~/server/rate-limit-answer.server";
import { idParam } from "~/lib/fields";
import { storeImageUpload } from "~/features/media/media.api";
import { REVIEW_TEXTS } from "./reviews";
import { reviewSchema } from "./reviews.schema";
import { recordPhotoUpload } from "./review-photos.server";
import { markHelpful, mayAddPhotos, submitReview } from "./reviews.server";

/** A review photo is at most 5 MB (or the shop's upload limit, when lower). */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Photo uploads per shopper per hour: three per review, with room for second choices. */
const PHOTOS_PER_HOUR = 20;

/** POST /v2/reviews { productId, orderId, rating, title, body, photos } -> 201 { id, status, message } */
export async function postReview(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const input = await readJson(context.request, reviewSchema);
  const saved = await submitReview(await getDb(), user.uid, input);
  const message = saved.status === "published" ? REVIEW_TEXTS.published : REVIEW_TEXTS.submitted;
  return json({ ...saved, message }, { status: 201 });
}

/** POST /v2/reviews/photos (multipart `file`) -> 201 { url }: only for a buyer with something to review. */
export async function postReviewPhoto(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const db = await getDb();
  if (!(await mayAddPhotos(db, user.uid))) throw new HttpError(403, REVIEW_TEXTS.noPhotoRight);
  await limitOrRefuse(
    db,
    `review-photo:${user.uid}`,
    PHOTOS_PER_HOUR,
    "Too many photos uploaded in the last hour.",
  );
  const max = Math.min(REVIEW_PHOTO_MAX_BYTES, env().UPLOAD_MAX_BYTES);
  const stored = await storeImageUpload(context.request, max);
  await recordPhotoUpload(db, user.uid, stored.url);
  return json({ url: stored.url }, { status: 201 });
}

/** POST /v2/reviews/{id}/helpful -> { helpfulCount } (once per shopper). */
export async function postHelpful(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const id = parseWith(idParam("review id"), context.params.id);
  return json({ helpfulCount: await markHelpful(await getDb(), user.uid, id) });
}
