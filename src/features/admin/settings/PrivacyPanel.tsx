/**
 * The Settings screen's privacy panel (docs/decisions/0101-data-rights.md; mounted in
 * settings-panels.ts): the grievance officer
 * the privacy notice names (name, email, phone). Saved whole with the version it loaded: a save
 * over another window's is refused (409) with the server's sentence.
 */
import { useEffect } from "react";
import { FormError, TextField, primaryButton } from "~/components/ui/form-fields";
import { showServerErrors } from "~/components/ui/form-errors";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  GRIEVANCE_DAYS,
  privacySettingsSchema,
  type PrivacySettings,
} from "~/features/privacy/privacy-settings.schema";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchSettings, saveSettings, type SectionAnswer } from "./settings-client";

type StoredPrivacy = SectionAnswer<PrivacySettings>;

const FIELDS = ["officerName", "email", "phone", "keepPhotoOriginals"];

function PrivacyForm({
  stored,
  onSaved,
}: {
  stored: StoredPrivacy;
  onSaved(s: StoredPrivacy): void;
}) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(
    privacySettingsSchema,
    {
      defaultValues: stored.value,
    },
  );
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(stored.value), [stored, reset]);

  const onValid = async (value: PrivacySettings) => {
    try {
      const saved = await saveSettings("privacy", value, stored.version);
      onSaved(saved);
      showToast({ type: "success", title: "Privacy settings saved" });
    } catch (error) {
      if (!showServerErrors(error, setError, FIELDS))
        setError("root.server", {
          type: "server",
          message: error instanceof Error ? error.message : String(error),
        });
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4" aria-label="Privacy">
      <p className="text-sm text-ink-700">
        The privacy notice (/privacy) names this grievance officer; a grievance must be answered
        within {GRIEVANCE_DAYS} days.
      </p>
      <TextField
        label="Grievance officer's name"
        required
        {...register("officerName")}
        error={errors.officerName?.message}
      />
      <TextField
        label="Grievance email"
        type="email"
        required
        {...register("email")}
        error={errors.email?.message}
      />
      <TextField
        label="Grievance phone"
        type="tel"
        {...register("phone")}
        error={errors.phone?.message}
      />
      <label className="flex items-start gap-2 text-sm text-ink-800">
        <input type="checkbox" className="mt-1" {...register("keepPhotoOriginals")} />
        <span>
          Keep originals for printing
          <span className="block text-ink-500">
            Off: a customer's photo is kept as a print copy of at most 4000 pixels a side. On: the
            full-size original is kept too (its location and camera details removed), for you to
            download from the order. The privacy notice says so while it is on.
          </span>
        </span>
      </label>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className={`${primaryButton} w-auto`} disabled={isSubmitting}>
        Save
      </button>
    </form>
  );
}

export default function PrivacyPanel() {
  const data = useScreenData((signal) => fetchSettings<PrivacySettings>("privacy", signal), []);
  return (
    <ScreenState
      data={data}
      loading="Loading the privacy settings"
      failed="The privacy settings could not be loaded."
    >
      {(stored) => <PrivacyForm stored={stored} onSaved={(saved) => data.update(() => saved)} />}
    </ScreenState>
  );
}
