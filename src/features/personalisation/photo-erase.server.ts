/**
 * A shopper's photos when their account is erased (docs/decisions/0263-customer-photo-retention.md):
 * the photos go at once, except those an order still held for fulfilment names (being made, on its
 * way, or inside the claim window: a damaged piece is remade from them); those go with the order's
 * other details when the hold ends. Rows go inside the erasure's transaction, files after it.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { orderItems, personalPhotos } from "~/server/db/schema";
import { log } from "~/server/log/logger";
import { removePersonalPhotoFiles } from "./photo-upload.server";

async function namedBy(tx: Tx, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .select({ personalisation: orderItems.personalisation })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]));
  return new Set(rows.flatMap((r) => r.personalisation.flatMap((v) => v.photos ?? [])));
}

/** The account's photos but those the held orders name: rows deleted, ids answered for their files. */
export async function eraseAccountPhotos(
  tx: Tx,
  uid: string,
  heldOrderIds: readonly string[],
): Promise<string[]> {
  const keep = await namedBy(tx, heldOrderIds);
  const mine = await tx
    .select({ id: personalPhotos.id })
    .from(personalPhotos)
    .where(eq(personalPhotos.userId, uid));
  const gone = mine.map((r) => r.id).filter((id) => !keep.has(id));
  if (gone.length) await tx.delete(personalPhotos).where(inArray(personalPhotos.id, gone));
  // The kept ones stay the account's no longer: only the owner sees them until the hold ends.
  if (keep.size)
    await tx
      .update(personalPhotos)
      .set({ userId: null, guestKeyHash: null })
      .where(and(eq(personalPhotos.userId, uid), inArray(personalPhotos.id, [...keep])));
  return gone;
}

/** The photos these (released) orders name: rows deleted (call before their lines are masked). */
export async function eraseOrderPhotos(tx: Tx, orderIds: readonly string[]): Promise<string[]> {
  const ids = [...(await namedBy(tx, orderIds))];
  if (ids.length) await tx.delete(personalPhotos).where(inArray(personalPhotos.id, ids));
  return ids;
}

/** Removes erased photos' files after the commit; a failure is logged (media:prune cannot see them). */
export async function removeErasedPhotoFiles(ids: readonly string[]): Promise<void> {
  await removePersonalPhotoFiles(ids).catch((error: unknown) =>
    log.error(`[privacy] erased customer photos' files could not be removed: ${String(error)}`),
  );
}
