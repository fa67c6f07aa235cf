/**
 * Customer photos no longer needed (docs/decisions/0262-customer-photos-private.md, 0263): a photo
 * that no cart line and no order line names, PHOTO_GRACE_DAYS after its upload, is deleted with its
 * files; so is one whose orders were all delivered more than PHOTO_RETENTION_DAYS ago. A photo
 * uploaded on a quote's link is needed while that quote is open (sent, not expired: decision 0286);
 * the files go with their folder, a kept original included (decision 0285). Run
 * by `npm run media:prune` beside the shop's own uploads (src/server/cli/media-prune.ts).
 */
import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { cartItems, orderItems, orders, personalPhotos, quotes } from "~/server/db/schema";
import { rawRows } from "~/server/db/raw-rows";
import { DAY_MS } from "~/lib/dates";
import { PHOTO_GRACE_DAYS, PHOTO_RETENTION_DAYS } from "./photo-rules";
import { removePersonalPhotos } from "./photo-upload.server";

const PHOTO_ID = "(ph[a-f0-9]{24})";

/**
 * Every photo id a cart line or an order line still needs: an order's photos are kept until
 * PHOTO_RETENTION_DAYS after its delivery (the privacy notice says so), then only a cart keeps them.
 */
export async function photosInUse(db: DbOrTx, now = Date.now()): Promise<Set<string>> {
  const used = new Set<string>();
  const releasedBefore = new Date(now - PHOTO_RETENTION_DAYS * DAY_MS).toISOString();
  const queries = [
    sql`select distinct (regexp_matches(${cartItems.personalisation}::text, ${PHOTO_ID}, 'g'))[1] as id from ${cartItems}`,
    sql`select distinct (regexp_matches(${orderItems.personalisation}::text, ${PHOTO_ID}, 'g'))[1] as id
        from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where not (${orders.status} = 'delivered' and coalesce(${orders.timeline}->>'delivered', '') <> ''
          and ${orders.timeline}->>'delivered' < ${releasedBefore})`,
    sql`select ${personalPhotos.id} as id from ${personalPhotos} join ${quotes} on ${quotes.id} = ${personalPhotos.quoteId}
        where ${quotes.status} = 'sent' and ${quotes.expiresAt} > ${new Date(now).toISOString()}`,
  ];
  for (const query of queries)
    for (const row of await rawRows<{ id: string }>(db, query)) used.add(row.id);
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
  const used = await photosInUse(db, options.now);
  const unused = old
    .map((r) => r.id)
    .filter((id) => !used.has(id))
    .sort();
  if (options.apply) await removePersonalPhotos(db, unused);
  return { unused };
}
