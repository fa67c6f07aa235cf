/**
 * The proof bodies (docs/decisions/0121-proofs.md), zod/mini, shared by the portal's panel, the
 * customer's form and the handlers. Images are this shop's uploads; isShopImageUrl checks them
 * again on the server.
 */
import * as z from "zod/mini";
import { optionalText, requiredText } from "~/lib/fields";

const proofImage = z.string().check(
  z.trim(),
  z.maxLength(2000, { error: "images: an address is at most 2000 characters" }),
  z.refine((url) => /^\/(media|images)\/[^\s]*$/.test(url), {
    error: "images: each must be an image uploaded to this shop (/media/...)",
  }),
);

/** POST /v2/admin/order/{id}/proofs */
export const proofInput = z.object({
  images: z
    .array(proofImage, { error: "images must be a list of uploaded images" })
    .check(
      z.minLength(1, { error: "images: upload at least one mock-up" }),
      z.maxLength(8, { error: "images: at most 8 per proof" }),
    ),
  message: requiredText("message", 2000),
});
export type ProofInput = z.infer<typeof proofInput>;

/** POST /v2/orders/{id}/proof and /v2/quotes/{token}/proof */
export const proofAnswerInput = z.object({
  decision: z.enum(["approve", "changes"], { error: "decision must be approve or changes" }),
  message: z.optional(optionalText("message", 2000)),
});
export type ProofAnswerInput = z.infer<typeof proofAnswerInput>;

/** PUT /v2/admin/product/{id}/proofs */
export const proofSkipInput = z.object({
  skip: z.boolean({ error: "skip must be true or false" }),
});
