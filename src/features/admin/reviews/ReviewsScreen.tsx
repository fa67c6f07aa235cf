/**
 * Review moderation (/admin/reviews, docs/decisions/0100-reviews.md): the reviews waiting first
 * (the status filter and page kept in the address), each published, hidden or replied to; the
 * navigation's waiting count follows.
 */
import ListScreen from "~/features/admin/shell/ListScreen";
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ReviewCard from "./ReviewCard";
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  readReviewsView,
  reviewsSearch,
  type AdminReview,
  type Moderation,
  type ReviewStatus,
} from "./reviews-admin";
import { fetchReviewsPage, moderate } from "./reviews-client";

export default function ReviewsScreen(_props: ScreenProps) {
  const view = readReviewsView(useStore($adminSearch));
  const data = useScreenData((signal) => fetchReviewsPage(view, signal), [reviewsSearch(view)]);
  const [saving, setSaving] = useState<string | null>(null);

  const act = async (review: AdminReview, action: Moderation, reply?: string) => {
    if (saving) return;
    setSaving(review.id);
    try {
      const saved = await moderate(review.id, action, reply);
      data.update((page) => ({
        ...page,
        reviews: page.reviews
          .map((r) => (r.id === saved.id ? saved : r))
          .filter((r) => !view.status || r.status === view.status),
      }));
    } catch (error) {
      showPortalError(error, "Review not changed");
    } finally {
      setSaving(null);
    }
  };

  return (
    <ListScreen
      title="Reviews"
      filter={{
        value: view.status,
        options: [
          ...REVIEW_STATUSES.map((s) => [s, REVIEW_STATUS_LABELS[s]] as const),
          ["", "All"],
        ],
        onChange: (status) =>
          setSearch(reviewsSearch({ status: status as ReviewStatus | "", page: 0 }), {
            push: true,
          }),
      }}
      data={data}
      loading="Loading reviews"
      failed="The reviews could not be loaded."
      count={({ reviews, count }) => ({ rows: reviews.length, total: count })}
      empty="No reviews here."
      page={view.page}
      pageSize={ADMIN_REVIEWS_PAGE_SIZE}
      pagerLabel="Pages of reviews"
      onPage={(page) => setSearch(reviewsSearch({ ...view, page }), { push: true })}
    >
      {({ reviews }) => (
        <ul className="flex flex-col gap-3" aria-label="Reviews">
          {reviews.map((review) => (
            <ReviewCard
              key={`${review.id}:${review.status}:${review.reply}`}
              review={review}
              saving={saving === review.id}
              onModerate={(r, action, reply) => void act(r, action, reply)}
            />
          ))}
        </ul>
      )}
    </ListScreen>
  );
}
