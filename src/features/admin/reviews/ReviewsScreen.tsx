/**
 * Review moderation (/admin/reviews, docs/decisions/0100-reviews.md): the reviews waiting first
 * (the status filter and page kept in the address), each published, hidden or replied to; the
 * navigation's waiting count follows.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import Pager from "../shell/Pager";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminSearch, setSearch } from "../shell/admin-router";
import { showPortalError } from "../shell/portal-errors";
import ScreenState from "../shell/ScreenState";
import { useScreenData } from "../shell/use-screen-data";
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
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl text-ink-900">Reviews</h1>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Show
          <select
            value={view.status}
            onChange={(event) =>
              setSearch(
                reviewsSearch({ status: event.target.value as ReviewStatus | "", page: 0 }),
                {
                  push: true,
                },
              )
            }
            className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm"
          >
            {REVIEW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REVIEW_STATUS_LABELS[status]}
              </option>
            ))}
            <option value="">All</option>
          </select>
        </label>
      </div>
      <ScreenState data={data} loading="Loading reviews" failed="The reviews could not be loaded.">
        {({ reviews, count: total }) =>
          reviews.length === 0 ? (
            <p className="text-ink-500">No reviews here.</p>
          ) : (
            <div className={`space-y-4 ${data.refreshing ? "opacity-70" : ""}`}>
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
              <Pager
                page={view.page}
                pages={Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE))}
                from={view.page * ADMIN_REVIEWS_PAGE_SIZE + 1}
                to={view.page * ADMIN_REVIEWS_PAGE_SIZE + reviews.length}
                total={total}
                label="Pages of reviews"
                onPage={(page) => setSearch(reviewsSearch({ ...view, page }), { push: true })}
              />
            </div>
          )
        }
      </ScreenState>
    </section>
  );
}
