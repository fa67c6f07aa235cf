/**
 * The review moderation area's calls (docs/decisions/0100-reviews.md), on the portal's one API
 * client: a page of reviews with its total, and a moderation (which refreshes the nav's count).
 */
import { adminGet, adminPatch, queryString } from "~/features/admin/shell/admin-api";
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewsPage,
  type Moderation,
  type ReviewsView,
} from "./reviews-admin";
import { waitingReviews } from "./review-count";

export function fetchReviewsPage(
  view: ReviewsView,
  signal?: AbortSignal,
): Promise<AdminReviewsPage> {
  return adminGet<AdminReviewsPage>(
    `/v2/admin/reviews${queryString({
      status: view.status || undefined,
      limit: ADMIN_REVIEWS_PAGE_SIZE,
      offset: view.page * ADMIN_REVIEWS_PAGE_SIZE,
    })}`,
    { signal },
  );
}

export async function moderate(
  id: string,
  action: Moderation,
  reply?: string,
): Promise<AdminReview> {
  const saved = await adminPatch<AdminReview>(
    `/v2/admin/reviews/${encodeURIComponent(id)}?action=${action}`,
    reply === undefined ? {} : { reply },
  );
  void waitingReviews.refresh();
  return saved;
}
