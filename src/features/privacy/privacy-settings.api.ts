/**
 * GET/PUT /v2/admin/settings/privacy (docs/decisions/0101-data-rights.md): the owner reads and saves
 * the grievance contact; a save is checked, versioned (409 when another window saved first) and
 * audited by the settings store.
 */
import { sectionRoutes } from "~/features/settings/section-routes.server";
import { privacySettingsBody } from "./privacy-settings.schema";
import { privacySection } from "./privacy-settings.server";

/** GET -> { value, version }; PUT { value, version } -> { value, version } */
export const { get: getPrivacySettings, put: putPrivacySettings } = sectionRoutes(
  privacySection,
  privacySettingsBody,
);
