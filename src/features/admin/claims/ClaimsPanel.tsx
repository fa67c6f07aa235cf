/**
 * The Settings screen's claims panel (docs/decisions/0247-damage-claims.md; mounted in
 * settings-panels.ts): how many hours after delivery damage may be reported (12 by default). The
 * order page, the claim API and the policy texts all read it. Saved whole with the version it
 * loaded: a save over another window's is refused (409) with the server's sentence.
 */
import { useEffect } from "react";
import { FormError, primaryButton } from "~/components/ui/form-fields";
import { showServerErrors } from "~/components/ui/form-errors";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { type ClaimSettings, claimSettingsSchema } from "~/features/content/claim-window.schema";
import {
  fetchSettings,
  type SectionAnswer,
  saveSettings,
} from "~/features/admin/settings/settings-client";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";

type Stored = SectionAnswer<ClaimSettings>;

function ClaimsForm({ stored, onSaved }: { stored: Stored; onSaved(s: Stored): void }) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(
    claimSettingsSchema,
    {
      defaultValues: stored.value,
    },
  );
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(stored.value), [stored, reset]);

  const onValid = async (value: ClaimSettings) => {
    try {
      onSaved(await saveSettings("claims", value, stored.version));
      showToast({ type: "success", title: "Claim settings saved" });
    } catch (error) {
      if (!showServerErrors(error, setError, ["windowHours"]))
        setError("root.server", {
          type: "server",
          message: error instanceof Error ? error.message : String(error),
        });
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4" aria-label="Claims">
      <label className="block text-sm text-ink-800">
        Hours after delivery to report damage
        <input
          type="number"
          min={1}
          max={168}
          className="mt-1 block w-28 rounded-xl border border-cream-300 px-3 py-2"
          aria-invalid={Boolean(errors.windowHours)}
          {...register("windowHours", { valueAsNumber: true })}
        />
        <span className="block text-ink-500">
          The order page's "Report damage" and the policy texts both use this.
        </span>
      </label>
      <FormError message={errors.windowHours?.message ?? errors.root?.server?.message} />
      <button type="submit" className={`${primaryButton} w-auto`} disabled={isSubmitting}>
        Save
      </button>
    </form>
  );
}

export default function ClaimsPanel() {
  const data = useScreenData((signal) => fetchSettings<ClaimSettings>("claims", signal), []);
  return (
    <ScreenState
      data={data}
      loading="Loading the claim settings"
      failed="The claim settings could not be loaded."
    >
      {(stored) => <ClaimsForm stored={stored} onSaved={(saved) => data.update(() => saved)} />}
    </ScreenState>
  );
}
