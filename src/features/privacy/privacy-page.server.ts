/**
 * The privacy notice's grievance contact (docs/decisions/0101-data-rights.md) and the claim window
 * an erased person's order is held for (decision 0269): the saved `privacy` and `claims` settings,
 * or their first values when the database cannot be read (the notice always shows).
 */
import type { DbOrTx } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { readSection } from "~/features/settings/settings-store.server";
import { claimsSection, claimWindowHours } from "~/features/content/claim-window.server";
import type { PrivacySettings } from "./privacy-settings.schema";
import { privacySection } from "./privacy-settings.server";

export interface PrivacyNoticeData {
  officer: PrivacySettings;
  /** Hours after delivery an erased person's order keeps its details (the claim window). */
  claimHours: number;
}

export async function loadPrivacyNotice(openDb: () => Promise<DbOrTx>): Promise<PrivacyNoticeData> {
  try {
    const db = await openDb();
    return {
      officer: (await readSection(db, privacySection)).value,
      claimHours: await claimWindowHours(db),
    };
  } catch (error) {
    log.error("[privacy] reading the grievance contact failed", error);
    return { officer: privacySection.defaults(), claimHours: claimsSection.defaults().windowHours };
  }
}
