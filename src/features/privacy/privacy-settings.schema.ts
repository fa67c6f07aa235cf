/**
 * The `privacy` settings section (docs/decisions/0101-data-rights.md): the grievance officer the
 * privacy notice names, answering within 90 days; and "Keep originals for printing" (decision 0285):
 * customers' photos keep a full-size original beside the print copy, stripped of metadata too. One schema for the portal's panel and the
 * handler (docs/decisions/0064-form-pattern.md). Browser-safe.
 */
import { z } from "zod/mini";
import { emailField, indianMobile, personName } from "~/lib/fields";

export const privacySettingsSchema = z.object({
  officerName: personName("Grievance officer's name"),
  email: emailField({ required: "Grievance email is required" }),
  /** Optional: a 10-digit Indian mobile, or empty. */
  phone: z.union([z.literal(""), indianMobile()]),
  /** Off unless the owner turns it on; absent in sections saved before it existed. */
  keepPhotoOriginals: z.optional(z.boolean()),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** The body of PUT /v2/admin/settings/privacy: the section and the version the panel loaded. */
export const privacySettingsBody = z.object({
  value: privacySettingsSchema,
  version: z.number().check(z.int(), z.gte(0)),
});

/** Days within which a grievance is answered (DPDP Rules, 2025). */
export const GRIEVANCE_DAYS = 90;
