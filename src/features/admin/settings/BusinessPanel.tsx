/**
 * The business section's panel (docs/decisions/0083): loads the section with its version, shows
 * the form, saves the whole section; a save over a newer version (another window) says so and
 * keeps the owner's typing. What is saved applies to documents issued afterwards only.
 */
import { showToast } from "~/components/ui/toast-store";
import type { BusinessSettings } from "~/features/books/business-settings.schema";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import BusinessForm from "./BusinessForm";
import { fetchSettings, saveSettings } from "./settings-client";

export default function BusinessPanel() {
  const data = useScreenData((signal) => fetchSettings<BusinessSettings>("business", signal), []);
  return (
    <ScreenState data={data} loading="Loading settings" failed="Failed to load the settings">
      {(section) => (
        <BusinessForm
          key={section.version}
          initial={section.value}
          onSave={async (value) => {
            try {
              const saved = await saveSettings("business", value, section.version);
              data.update(() => saved);
              showToast({ type: "success", title: "Settings saved" });
            } catch (error) {
              showPortalError(error, "The settings were not saved");
            }
          }}
        />
      )}
    </ScreenState>
  );
}
