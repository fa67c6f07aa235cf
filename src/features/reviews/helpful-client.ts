/**
 * The product page's "Helpful" press (docs/decisions/0100-reviews.md): signed in, it is counted once
 * per shopper; signed out, the shopper is sent to sign in and brought back to the reviews.
 */
import { ApiError } from "~/lib/api-client";
import { apiJson } from "~/features/account/session-api";

export async function markReviewHelpful(reviewId: string): Promise<number | null> {
  try {
    const answer = await apiJson<{ helpfulCount: number }>(
      "POST",
      `/v2/reviews/${encodeURIComponent(reviewId)}/helpful`,
    );
    return answer.helpfulCount;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const back = `${location.pathname}${location.search}#reviews`;
      location.assign(`/login?redirect=${encodeURIComponent(back)}`);
      return null;
    }
    console.error("[reviews] marking a review helpful failed", error);
    return null;
  }
}
