/**
 * Handlers of the review moderation API (docs/decisions/0100-reviews.md). Each starts with
 * requireAdmin (401 without a token, 403 for a shopper).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, parseWith, queryInt, readJson, readQuery } from "~/server/http";
import { idParam } from "~/lib/fields";
import { auditActor } from "~/features/audit/audit.server";
import { moderationSchema } from "~/features/reviews/reviews.schema";
import { MODERATIONS, REVIEW_STATUSES, type ReviewStatus } from "./reviews-admin";
import { countReviews, listReviews, moderateReview } from "./reviews-admin.server";

const anyStatus = z
  .enum(REVIEW_STATUSES as [ReviewStatus, ...ReviewStatus[]], {
    error: `status must be ${REVIEW_STATUSES.join(", ")}`,
  })
  .optional();

const listQuery = z.object({
  status: anyStatus,
  limit: queryInt("limit", { min: 1, max: 200, default: 50 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
});

/** GET /v2/admin/reviews[?status=&limit=&offset=] -> { reviews, count }, newest first. */
export async function getAdminReviews(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, listQuery);
  return json(await listReviews(await getDb(), query));
}

/** GET /v2/admin/reviews/count[?status=pending] -> { count } */
export async function getReviewCount(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { status } = readQuery(context.url, z.object({ status: anyStatus }));
  return json({ count: await countReviews(await getDb(), status) });
}

/** PATCH /v2/admin/reviews/{id}?action=publish|hide|reply, JSON body { reply? } -> the review */
export async function patchReview(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam("review id"), context.params.id);
  const { action } = readQuery(
    context.url,
    z.object({
      action: z.enum(MODERATIONS, { error: "action must be publish, hide or reply" }),
    }),
  );
  const body = await readJson(context.request, moderationSchema);
  const saved = await moderateReview(
    await getDb(),
    id,
    action,
    body.reply,
    auditActor(context, user),
  );
  return json(saved);
}
