/**
 * The `privacy` section of the settings store (docs/decisions/0081, 0101): first values from
 * GRIEVANCE_OFFICER_NAME, GRIEVANCE_EMAIL (else SUPPORT_EMAIL) and GRIEVANCE_PHONE; "Keep originals
 * for printing" off (decision 0285; the photo upload reads it: personalisation/photo-settings.server.ts).
 */
import { env } from "~/server/env";
import { defineSection } from "~/features/settings/settings-store.server";
import { privacySettingsSchema, type PrivacySettings } from "./privacy-settings.schema";

export const privacySection = defineSection<PrivacySettings>({
  key: "privacy",
  schema: privacySettingsSchema,
  defaults: () => {
    const e = env();
    return {
      officerName: e.GRIEVANCE_OFFICER_NAME || `${e.SHOP_NAME} grievance officer`,
      email: e.GRIEVANCE_EMAIL ?? e.SUPPORT_EMAIL,
      phone: e.GRIEVANCE_PHONE,
      keepPhotoOriginals: false,
    };
  },
});
