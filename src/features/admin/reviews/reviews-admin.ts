/**
 * The review moderation screen's shapes and texts (docs/decisions/0100-reviews.md), shared by the
 * portal's client and the server's answers. Browser-safe.
 */
import type { ReviewStatus } from "~/server/db/schema/reviews";

export type { ReviewStatus };
export const REVIEW_STATUSES: readonly ReviewStatus[] = ["pending", "published", "hidden"];

export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  pending: "Waiting",
  published: "Published",
  hidden: "Hidden",
};

export const ADMIN_REVIEWS_PAGE_SIZE = 50;

export const MODERATIONS = ["publish", "hide", "reply"] as const;
export type Moderation = (typeof MODERATIONS)[number];

export interface AdminReview {
  id: string;
  productId: string;
  productName: string;
  orderId: string;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  author: string;
  status: ReviewStatus;
  reply: string;
  helpfulCount: number;
  createdAt: string;
}

export interface AdminReviewsPage {
  reviews: AdminReview[];
  /** How many reviews the view has in all (a count: never `total`, which the wire reads as money). */
  count: number;
}

export interface ReviewsView {
  status: ReviewStatus | "";
  page: number;
}

export function readReviewsView(search: string): ReviewsView {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "pending";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: (REVIEW_STATUSES as readonly string[]).includes(status)
      ? (status as ReviewStatus)
      : status === "all"
        ? ""
        : "pending",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function reviewsSearch(view: ReviewsView): string {
  const params = new URLSearchParams();
  params.set("status", view.status || "all");
  if (view.page > 0) params.set("page", String(view.page + 1));
  return `?${params.toString()}`;
}
