/**
 * The rules of a shopper's photo that the product page and the server share
 * (docs/decisions/0262-customer-photos-private.md), so a refusal reads the same on both sides.
 */
import type { PhotoField } from "~/lib/personalisation-types";

/** The largest photo file taken, bytes (a phone's JPEG is 2 to 8 MB). */
export const MAX_PHOTO_UPLOAD_BYTES = 15 * 1024 * 1024;
/** A grace period: a photo in no cart and no order this long after its upload is deleted. */
export const PHOTO_GRACE_DAYS = 7;
/** An order's photos are deleted this long after its delivery (docs/decisions/0263). */
export const PHOTO_RETENTION_DAYS = 90;
/** The longest side of the kept photo, pixels (enough to print a 30 cm piece at 300 dpi and more). */
export const KEPT_PHOTO_SIDE = 4000;

export const PHOTO_TEXTS = {
  type: "Only JPEG, PNG and WebP photos can be uploaded.",
  heic: "This is an iPhone HEIC photo, which we cannot read here. On your iPhone choose Settings → Camera → Formats → Most Compatible, or share the photo and choose to send it as a JPEG, then try again.",
  tooMany: (field: PhotoField) =>
    `"${field.label}" takes at most ${field.maxPhotos} photo${field.maxPhotos === 1 ? "" : "s"}.`,
  bomb: (width: number, height: number) =>
    `This photo says it is ${width} × ${height} pixels, more than the 50 megapixels we accept. Please choose a smaller photo.`,
  notYours: "One of the photos is not one you uploaded; please add it again.",
  noField: "This product has no such photo field.",
} as const;

/** The sentence a photo too small to print well refuses with, or null when it is big enough. */
export function tooSmall(field: PhotoField, width: number, height: number): string | null {
  if (width >= field.minWidth && height >= field.minHeight) return null;
  return `This photo is ${width} × ${height} pixels; "${field.label}" needs at least ${field.minWidth} × ${field.minHeight} to print well. Please choose a larger photo (the original from your phone, not one sent through a chat app).`;
}

/** Where a photo is shown (to its uploader and the owner only). */
export const photoUrl = (id: string) => `/personal-photos/${id}`;

/** Where a photo uploaded on a quote's link is shown to the link's holder (decision 0286). */
export const quotePhotoUrl = (token: string, id: string) =>
  `/quote/${encodeURIComponent(token)}/photos/${id}`;
