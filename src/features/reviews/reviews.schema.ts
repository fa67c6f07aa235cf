/**
 * The review form's and POST /v2/reviews' body (docs/decisions/0064-form-pattern.md): one schema for
 * the island and the handler. Markup is refused (docs/decisions/0100-reviews.md).
 */
import { z } from "zod/mini";
import { idParam, optionalText, requiredText } from "~/lib/fields";
import { hasMarkup, REVIEW_LIMITS, REVIEW_TEXTS } from "./reviews";

const plain = <S extends z.ZodMiniType<string>>(schema: S) =>
  schema.check(z.refine((v: string) => !hasMarkup(v), REVIEW_TEXTS.markup));

export const reviewSchema = z.object({
  productId: idParam("product id"),
  orderId: idParam("order id"),
  rating: z
    .number({ error: "Choose 1 to 5 stars" })
    .check(
      z.int("Choose 1 to 5 stars"),
      z.gte(1, "Choose 1 to 5 stars"),
      z.lte(5, "Choose 1 to 5 stars"),
    ),
  title: plain(requiredText("Title", REVIEW_LIMITS.title)),
  body: plain(requiredText("Review", REVIEW_LIMITS.body)),
  photos: z._default(
    z
      .array(z.string({ error: REVIEW_TEXTS.notOurPhoto }))
      .check(z.maxLength(REVIEW_LIMITS.photos, REVIEW_TEXTS.tooManyPhotos)),
    [],
  ),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The owner's moderation body: an optional public reply ("" removes it). */
export const moderationSchema = z.object({
  reply: z.optional(plain(optionalText("Reply", REVIEW_LIMITS.reply))),
});
