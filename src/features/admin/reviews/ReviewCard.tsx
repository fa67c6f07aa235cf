/**
 * One review in the moderation list: product, writer, stars, text, photos, and the owner's
 * actions (publish, hide, a public reply).
 */
import { useState } from "react";
import { indiaDateTime } from "~/lib/dates";
import { REVIEW_LIMITS } from "~/features/reviews/reviews";
import { REVIEW_STATUS_LABELS, type AdminReview, type Moderation } from "./reviews-admin";

interface Props {
  review: AdminReview;
  saving: boolean;
  onModerate(review: AdminReview, action: Moderation, reply?: string): void;
}

const button =
  "rounded-full border border-cream-300 px-4 py-1.5 text-sm font-medium text-ink-700 hover:bg-cream-100 disabled:opacity-50";

export default function ReviewCard({ review, saving, onModerate }: Props) {
  const [reply, setReply] = useState(review.reply);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-cream-200"
      data-admin-review={review.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-ink-900">
            {review.productName} ·{" "}
            <span role="img" aria-label={`${review.rating} out of 5 stars`}>
              {"★".repeat(review.rating)}
              {"☆".repeat(5 - review.rating)}
            </span>
          </p>
          <p className="text-sm text-ink-500">
            {review.author} ·{" "}
            <time dateTime={review.createdAt}>{indiaDateTime(review.createdAt)}</time> · order{" "}
            {review.orderId}
          </p>
        </div>
        <span
          className="rounded-full bg-cream-100 px-3 py-0.5 text-xs font-semibold text-ink-700"
          data-review-status={review.status}
        >
          {REVIEW_STATUS_LABELS[review.status]}
        </span>
      </div>
      <p className="font-semibold break-words text-ink-900">{review.title}</p>
      <p className="text-sm break-words whitespace-pre-line text-ink-700">{review.body}</p>
      {review.photos.length > 0 && (
        <ul className="flex gap-2" aria-label="Photos">
          {review.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img
                  src={url}
                  alt={`Shopper's upload ${i + 1} of ${review.photos.length}`}
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <label className="flex flex-col gap-1 text-sm text-ink-700">
        Public reply
        <textarea
          value={reply}
          maxLength={REVIEW_LIMITS.reply}
          rows={2}
          onChange={(event) => setReply(event.target.value)}
          className="rounded-xl border border-cream-300 px-3 py-2"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        {review.status !== "published" && (
          <button
            type="button"
            className={button}
            disabled={saving}
            onClick={() => onModerate(review, "publish", reply)}
          >
            Publish
          </button>
        )}
        {review.status !== "hidden" && (
          <button
            type="button"
            className={button}
            disabled={saving}
            onClick={() => onModerate(review, "hide", reply)}
          >
            Hide
          </button>
        )}
        <button
          type="button"
          className={button}
          disabled={saving || reply === review.reply}
          onClick={() => onModerate(review, "reply", reply)}
        >
          Save reply
        </button>
      </div>
    </li>
  );
}
