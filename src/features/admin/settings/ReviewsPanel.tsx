/**
 * The Settings screen's reviews panel (docs/decisions/0136-reviews-publish-at-once.md; mounted in
 * settings-panels.ts): "Publish new reviews straight away", off by default (new reviews wait in
 * Reviews for the owner). Saved whole with the version it loaded: a save over another window's is
 * refused (409) with the server's sentence.
 */
import { useEffect } from "react";
import { FormError, primaryButton } from "~/components/ui/form-fields";
import { showServerErrors } from "~/components/ui/form-errors";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  type ReviewSettings,
  reviewSettingsSchema,
} from "~/features/reviews/review-settings.schema";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchSettings, type SectionAnswer, saveSettings } from "./settings-client";

type StoredReviews = SectionAnswer<ReviewSettings>;

function ReviewsForm({
  stored,
  onSaved,
}: {
  stored: StoredReviews;
  onSaved(s: StoredReviews): void;
}) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(
    reviewSettingsSchema,
    { defaultValues: stored.value },
  );
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(stored.value), [stored, reset]);

  const onValid = async (value: ReviewSettings) => {
    try {
      onSaved(await saveSettings("reviews", value, stored.version));
      showToast({ type: "success", title: "Review settings saved" });
    } catch (error) {
      if (!showServerErrors(error, setError, ["publishAtOnce"]))
        setError("root.server", {
          type: "server",
          message: error instanceof Error ? error.message : String(error),
        });
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4" aria-label="Reviews">
      <label className="flex items-start gap-2 text-sm text-ink-800">
        <input type="checkbox" className="mt-1" {...register("publishAtOnce")} />
        <span>
          Publish new reviews straight away
          <span className="block text-ink-500">
            Off: a new review waits in Reviews until you publish it. On: it shows on the product
            page as soon as the buyer sends it; you can still hide it or reply.
          </span>
        </span>
      </label>
      <FormError message={errors.publishAtOnce?.message ?? errors.root?.server?.message} />
      <button type="submit" className={`${primaryButton} w-auto`} disabled={isSubmitting}>
        Save
      </button>
    </form>
  );
}

export default function ReviewsPanel() {
  const data = useScreenData((signal) => fetchSettings<ReviewSettings>("reviews", signal), []);
  return (
    <ScreenState
      data={data}
      loading="Loading the review settings"
      failed="The review settings could not be loaded."
    >
      {(stored) => <ReviewsForm stored={stored} onSaved={(saved) => data.update(() => saved)} />}
    </ScreenState>
  );
}
