/**
 * The claim window setting (docs/decisions/0247-damage-claims.md): how many hours after delivery
 * damage may be reported. One value read by the claim API, the order page and the policy texts (the
 * footer's modals, the quote page), so they never disagree. Browser-safe (zod/mini).
 */
import { z } from "zod/mini";

/** The policy's figure until the owner changes it (docs/product.md, policy figures). */
export const DEFAULT_CLAIM_HOURS = 12;
export const MAX_CLAIM_HOURS = 168;

export const claimSettingsSchema = z.object({
  windowHours: z
    .number({ error: "windowHours: a whole number of hours" })
    .check(
      z.int("windowHours: a whole number of hours"),
      z.gte(1, "windowHours: at least 1 hour"),
      z.lte(MAX_CLAIM_HOURS, `windowHours: at most ${MAX_CLAIM_HOURS} hours (7 days)`),
    ),
});
export type ClaimSettings = z.infer<typeof claimSettingsSchema>;

export const claimSettingsBody = z.object({
  value: claimSettingsSchema,
  version: z.number().check(z.int(), z.gte(0)),
});
