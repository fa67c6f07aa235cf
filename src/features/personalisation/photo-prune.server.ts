/**
 * Abandoned customer photos (docs/decisions/0262-customer-photos-private.md): a photo that no cart
 * line and no order line names, PHOTO_GRACE_DAYS after its upload, is deleted with its files. Run
 * by `npm run media:prune` beside the shop's own uploads (src/server/cli/media-prune.ts).
 */
import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { cartItems, orderItems, personalPhotos } from "~/server/db/schema";
import { rawRows } from "~/server/db/raw-rows";
import { DAY_MS } from "~/lib/dates";
import { PHOTO_GRACE_DAYS } from "./photo-rules";
import { removePersonalPhotos } from "./photo-upload.server";

const PHOTO_ID = "(ph[a-f0-9]{24})";

/** Every photo id a cart line or an order line names. */
export async function photosInUse(db: DbOrTx): Promise<Set<string>> {
  const used = new Set<string>();
  for (const table of [cartItems, orderItems]) {
    const rows = await rawRows<{ id: string }>(
      db,
      sql`select distinct (regexp_matches(${table.personalisation}::text, ${PHOTO_ID}, 'g'))[1] as id from ${table}`,
    );
    for (const row of rows) used.add(row.id);
  }
  return used;
}

/** Finds (and with `apply`, deletes) the photos in no cart and no order older than the grace period. */
export async function prunePersonalPhotos(
  db: DbOrTx,
  options: { apply: boolean; graceDays?: number; now?: number },
): Promise<{ unused: string[] }> {
  const cutoff = (options.now ?? Date.now()) - (options.graceDays ?? PHOTO_GRACE_DAYS) * DAY_MS;
  const old = await db
    .select({ id: personalPhotos.id })
    .from(personalPhotos)
    .where(lt(personalPhotos.createdAt, new Date(cutoff)));
  if (old.length === 0) return { unused: [] };
  const used = await photosInUse(db);
  const unused = old
    .map((r) => r.id)
    .filter((id) => !used.has(id))
    .sort();
  if (options.apply) await removePersonalPhotos(db, unused);
  return { unused };
}
