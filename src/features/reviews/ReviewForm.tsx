/**
 * Write a review of a delivered product (docs/decisions/0100-reviews.md), on /my-orders/{id}: 1-5
 * stars, a title, the text and up to three photos (each uploaded as it is chosen). The schema is
 * the one POST /v2/reviews parses; a refusal's sentence shows on the form. The hint under it says
 * whether the review waits for the shop or shows at once (decision 0136).
 */
import { useState } from "react";
import {
  Field,
  FormError,
  TextField,
  inputClass,
  primaryButton,
} from "~/components/ui/form-fields";
import { showServerErrors } from "~/components/ui/form-errors";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { REVIEW_LIMITS, REVIEW_TEXTS } from "./reviews";
import { reviewSchema, type ReviewInput } from "./reviews.schema";
import { sendReview, uploadReviewPhoto } from "./review-client";

const FIELDS = ["rating", "title", "body", "photos"];

interface Props {
  orderId: string;
  productId: string;
  productName: string;
  /** The owner publishes new reviews straight away (decision 0136): the hint says so. */
  publishAtOnce?: boolean;
}

export default function ReviewForm({ orderId, productId, productName, publishAtOnce }: Props) {
  const { register, handleSubmit, setValue, setError, clearErrors, watch, formState } =
    useSchemaForm(reviewSchema, {
      defaultValues: { orderId, productId, title: "", body: "", photos: [] },
    });
  const { errors, isSubmitting: busy } = formState;
  const rating = watch("rating");
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function addPhoto(file: File | undefined) {
    if (!file || photos.length >= REVIEW_LIMITS.photos) return;
    setUploading(true);
    try {
      const url = await uploadReviewPhoto(file);
      const next = [...photos, url];
      setPhotos(next);
      setValue("photos", next);
    } catch (error) {
      showToast({
        type: "error",
        title: "Photo not added",
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setUploading(false);
    }
  }

  async function onValid(values: ReviewInput) {
    try {
      const saved = await sendReview(values);
      setDone(saved.message);
    } catch (error) {
      if (!showServerErrors(error, setError, FIELDS))
        setError("root.server", {
          type: "server",
          message: error instanceof Error ? error.message : String(error),
        });
    }
  }

  if (done)
    return (
      <p className="text-sm text-ink-700" role="status" data-review-sent>
        {done}
      </p>
    );

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      className="space-y-4"
      aria-label={`Review of ${productName}`}
      noValidate
    >
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink-700">
          Your rating{" "}
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        </legend>
        <div className="flex gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm text-ink-700">
              {/* Set as a number (react-hook-form keeps a radio's value as text). */}
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => {
                  setValue("rating", n);
                  clearErrors("rating");
                }}
              />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
        {errors.rating && (
          <p className="mt-1.5 text-sm text-red-600" data-field-error>
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <TextField
        label="Title"
        required
        maxLength={REVIEW_LIMITS.title}
        {...register("title")}
        error={errors.title?.message}
      />
      <Field label="Your review" required error={errors.body?.message}>
        {({ inputId, errorId, invalid }) => (
          <textarea
            id={inputId}
            rows={4}
            maxLength={REVIEW_LIMITS.body}
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            className={inputClass}
            {...register("body")}
          />
        )}
      </Field>
      <Field label={`Photos (up to ${REVIEW_LIMITS.photos})`} error={errors.photos?.message}>
        {({ inputId }) => (
          <div className="flex flex-wrap items-center gap-3">
            {photos.map((url) => (
              <img
                key={url}
                src={url}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 rounded-lg object-cover"
              />
            ))}
            {photos.length < REVIEW_LIMITS.photos && (
              <input
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={uploading}
                onChange={(event) => {
                  void addPhoto(event.target.files?.[0]);
                  event.target.value = "";
                }}
                className="text-sm"
              />
            )}
          </div>
        )}
      </Field>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className={primaryButton} disabled={busy || uploading}>
        {busy ? "Sending..." : "Send review"}
      </button>
      <p className="text-xs text-ink-500">
        {publishAtOnce
          ? REVIEW_TEXTS.atOnceHint
          : REVIEW_TEXTS.submitted.replace("Thank you! ", "")}
      </p>
    </form>
  );
}
