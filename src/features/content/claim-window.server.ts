/**
 * The `claims` settings section (docs/decisions/0247-damage-claims.md, settings store 0081): how many
 * hours after delivery damage may be reported. The claim API, the order page and the policy texts
 * (the footer's modals, the quote page) all read this one value.
 */
import type { DbOrTx } from "~/server/db/client";
import { defineSection, readSection } from "~/features/settings/settings-store.server";
import {
  type ClaimSettings,
  claimSettingsSchema,
  DEFAULT_CLAIM_HOURS,
} from "./claim-window.schema";

export const claimsSection = defineSection<ClaimSettings>({
  key: "claims",
  schema: claimSettingsSchema,
  defaults: () => ({ windowHours: DEFAULT_CLAIM_HOURS }),
});

/** The claim window's length, hours. */
export async function claimWindowHours(db: DbOrTx): Promise<number> {
  return (await readSection(db, claimsSection)).value.windowHours;
}
