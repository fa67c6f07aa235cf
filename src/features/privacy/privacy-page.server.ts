/**
 * The privacy notice's grievance contact (docs/decisions/0101-data-rights.md): the saved `privacy`
 * settings, or their first values when the database cannot be read (the notice always shows).
 */
import type { DbOrTx } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { readSection } from "~/features/settings/settings-store.server";
import type { PrivacySettings } from "./privacy-settings.schema";
import { privacySection } from "./privacy-settings.server";

export async function loadPrivacyNotice(openDb: () => Promise<DbOrTx>): Promise<PrivacySettings> {
  try {
    return (await readSection(await openDb(), privacySection)).value;
  } catch (error) {
    log.error("[privacy] reading the grievance contact failed", error);
    return privacySection.defaults();
  }
}
