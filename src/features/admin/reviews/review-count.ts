/**
 * The count of reviews waiting for moderation beside 'Reviews' in the admin navigation
 * (docs/decisions/0100-reviews.md): GET /v2/admin/reviews/count?status=pending, read as every
 * navigation count is (~/features/admin/shell/nav-count.ts); refreshed after a moderation too.
 */
import { navCount } from "~/features/admin/shell/nav-count";

export const waitingReviews = navCount("/v2/admin/reviews/count?status=pending", "waiting reviews");
