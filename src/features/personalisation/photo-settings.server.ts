/**
 * "Keep originals for printing" (docs/decisions/0285-keep-photo-originals.md), read when a photo is
 * uploaded. The owner sets it in the privacy settings panel, saved in the settings store's `privacy`
 * section (src/features/privacy/privacy-settings.schema.ts); it is read here through the store with
 * a view of just that key, since the privacy feature imports this one (decision 0062's one way).
 */
import * as z from "zod/mini";
import type { DbOrTx } from "~/server/db/client";
import { defineSection, readSection } from "~/features/settings/settings-store.server";

const photoOriginalsView = defineSection<{ keepPhotoOriginals?: boolean }>({
  key: "privacy",
  schema: z.object({ keepPhotoOriginals: z.optional(z.boolean()) }),
  defaults: () => ({}),
});

/** Off unless the owner turned it on. */
export async function keepPhotoOriginals(db: DbOrTx): Promise<boolean> {
  return (await readSection(db, photoOriginalsView)).value.keepPhotoOriginals === true;
}
