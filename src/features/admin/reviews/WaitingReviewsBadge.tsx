/** How many reviews wait for moderation, beside 'Reviews' in the navigation (none shown at 0 or unknown). */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $waitingReviews, refreshWaitingReviews } from "./review-count";

export default function WaitingReviewsBadge({ current }: { current: string }) {
  const waiting = useStore($waitingReviews);
  useEffect(() => {
    void refreshWaitingReviews();
  }, [current]);
  if (!waiting) return null;
  return (
    <span
      className="min-w-6 rounded-full bg-gold-500 px-2 py-0.5 text-center text-xs font-semibold text-ink-900"
      data-waiting-reviews={waiting}
    >
      {waiting}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
