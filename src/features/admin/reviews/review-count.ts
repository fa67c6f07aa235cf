/**
 * The count of reviews waiting for moderation beside 'Reviews' in the admin navigation
 * (docs/decisions/0100-reviews.md): GET /v2/admin/reviews/count?status=pending. Refreshed when the
 * owner moves between screens and after a moderation; a failure shows no badge (null).
 */
import { atom } from "nanostores";
import { adminGet } from "~/features/admin/shell/admin-api";
import { readCount } from "~/features/admin/shell/inquiry-count";

export const WAITING_REVIEWS_PATH = "/v2/admin/reviews/count?status=pending";

export const $waitingReviews = atom<number | null>(null);

let inFlight: Promise<void> | null = null;

export function refreshWaitingReviews(): Promise<void> {
  inFlight ??= adminGet<unknown>(WAITING_REVIEWS_PATH)
    .then((answer) => $waitingReviews.set(readCount(answer)))
    .catch((error: unknown) => {
      console.warn("[admin] the waiting reviews count could not be read", error);
      $waitingReviews.set(null);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
