/**
 * The `reviews` section of the settings store (docs/decisions/0081, 0136): new reviews wait for
 * moderation unless the owner turned on "Publish new reviews straight away".
 */
import type { DbOrTx } from "~/server/db/client";
import { defineSection, readSection } from "~/features/settings/settings-store.server";
import { type ReviewSettings, reviewSettingsSchema } from "./review-settings.schema";

export const reviewsSection = defineSection<ReviewSettings>({
  key: "reviews",
  schema: reviewSettingsSchema,
  defaults: () => ({ publishAtOnce: false }),
});

/** Whether a review written now shows at once (true) or waits for the owner (false). */
export async function publishesAtOnce(db: DbOrTx): Promise<boolean> {
  return (await readSection(db, reviewsSection)).value.publishAtOnce;
}
