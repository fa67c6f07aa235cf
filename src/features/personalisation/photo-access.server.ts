/**
 * Who a shopper's photo belongs to (docs/decisions/0262-customer-photos-private.md): the signed-in
 * shopper who uploaded it, or the guest cart whose photo key (the `guest_photos` cookie, a random
 * secret the server sets on a guest's first upload; only its SHA-256 is stored) uploaded it. A cart
 * line or an order may carry only photos its shopper owns; the guest's photos move to the account
 * when the guest cart is merged. Read access: the uploader, the buyer of an order carrying the
 * photo, and the shop's owner; anyone else gets 404. A photo uploaded on a quote's link (decision
 * 0286) is the quote's: its link holder sees it through the quote's routes (custom feature).
 */
import { createHash, randomBytes } from "node:crypto";
import type { AstroCookies } from "astro";
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orderItems, orders, personalPhotos } from "~/server/db/schema";
import { rawRows } from "~/server/db/raw-rows";
import type { PersonalisedValue } from "~/lib/personalisation-types";

export const GUEST_PHOTO_COOKIE = "guest_photos";
const KEY = /^[a-f0-9]{48}$/;

export const hashGuestKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** The hash of the caller's guest photo key, or null without a (well-formed) cookie. */
export function guestKeyHash(cookies: AstroCookies): string | null {
  const key = cookies.get(GUEST_PHOTO_COOKIE)?.value ?? "";
  return KEY.test(key) ? hashGuestKey(key) : null;
}

/** The caller's guest key hash, setting a new key cookie when there is none yet. */
export function ensureGuestKey(cookies: AstroCookies, secure: boolean): string {
  const known = guestKeyHash(cookies);
  if (known) return known;
  const key = randomBytes(24).toString("hex");
  cookies.set(GUEST_PHOTO_COOKIE, key, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: 60 * 60 * 24 * 30,
  });
  return hashGuestKey(key);
}

/** The photo ids a line's personalisation carries. */
export function photoIdsOf(values: readonly PersonalisedValue[]): string[] {
  return values.flatMap((v) => v.photos ?? []);
}

export const NOT_YOUR_PHOTO = "One of the photos is not one you uploaded; please add it again.";

/** True when every id is a photo `where` picks (its uploader's, or its quote's). */
async function allPicked(db: DbOrTx, where: SQL, ids: readonly string[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const rows = await db
    .select({ id: personalPhotos.id })
    .from(personalPhotos)
    .where(and(where, inArray(personalPhotos.id, wanted)));
  return rows.length === wanted.length;
}

/** True when every id is a photo `uid` uploaded (or was moved to them by a merge). */
export function ownsPhotos(db: DbOrTx, uid: string, ids: readonly string[]): Promise<boolean> {
  return allPicked(db, eq(personalPhotos.userId, uid), ids);
}

/** The merge of a guest cart: the guest's photos become the account's. */
export async function claimGuestPhotos(db: DbOrTx, uid: string, keyHash: string | null) {
  if (!keyHash) return;
  await db
    .update(personalPhotos)
    .set({ userId: uid, guestKeyHash: null })
    .where(and(eq(personalPhotos.guestKeyHash, keyHash), isNull(personalPhotos.userId)));
}

export interface PhotoViewer {
  uid: string | null;
  admin: boolean;
  guestKeyHash: string | null;
}

/** True when `viewer` may see photo `id`: its uploader, the buyer of an order carrying it, the owner. */
export async function maySeePhoto(db: DbOrTx, id: string, viewer: PhotoViewer): Promise<boolean> {
  const [row] = await db
    .select({ userId: personalPhotos.userId, guestKeyHash: personalPhotos.guestKeyHash })
    .from(personalPhotos)
    .where(eq(personalPhotos.id, id));
  if (!row) return false;
  if (viewer.admin) return true;
  if (viewer.uid && row.userId === viewer.uid) return true;
  if (viewer.guestKeyHash && row.guestKeyHash === viewer.guestKeyHash) return true;
  if (!viewer.uid) return false;
  const bought = await rawRows<{ one: number }>(
    db,
    sql`select 1 as one from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${orders.userId} = ${viewer.uid} and ${orderItems.personalisation}::text like ${`%"${id}"%`} limit 1`,
  );
  return bought.length > 0;
}

/** Of these photos, those with an original kept for printing (decision 0285), for the owner's screen. */
export async function photosWithOriginals(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: personalPhotos.id })
    .from(personalPhotos)
    .where(and(inArray(personalPhotos.id, wanted), isNotNull(personalPhotos.originalType)));
  return rows.map((r) => r.id);
}

/** True when every id is a photo uploaded on one of these quotes' link (decision 0286). */
export function quoteOwnsPhotos(
  db: DbOrTx,
  quoteIds: readonly string[],
  ids: readonly string[],
): Promise<boolean> {
  return allPicked(db, inArray(personalPhotos.quoteId, [...quoteIds]), ids);
}
