/**
 * A shopper's photo for a photo field (docs/decisions/0262-customer-photos-private.md): the type is
 * decided by the bytes (JPEG, PNG, WebP; an iPhone HEIC gets a sentence saying how to send a JPEG,
 * since the sharp build here does not decode HEVC), decoding is bounded (sharp's limitInputPixels),
 * the field's smallest size and most photos are checked, and the photo is re-encoded to JPEG with
 * sharp, which writes no metadata (EXIF, GPS, XMP, IPTC all dropped) unless asked to. Everything is
 * checked before anything is written; the files go to the media store as a private folder
 * `photos-<id>/` that the public /media route cannot name. With "Keep originals for printing" on
 * (docs/decisions/0285-keep-photo-originals.md) the full-size original is kept in the same folder,
 * re-encoded in its own format by sharp without metadata too, for the owner only.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { and, count, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { personalPhotos } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import {
  checkImage,
  MAX_INPUT_PIXELS,
  SHARP_INPUT,
  sniffImage,
} from "~/features/media/image-check.server";
import { mediaBackend } from "~/features/media/media-store.server";
import type { PhotoField } from "~/lib/personalisation-types";
import { KEPT_PHOTO_SIDE, PHOTO_TEXTS, tooSmall } from "./photo-rules";
import { keepPhotoOriginals } from "./photo-settings.server";

/**
 * Who uploads: a signed-in shopper, a guest cart by the hash of its photo key, or the holder of a
 * quote's link (decision 0286).
 */
export type PhotoUploader = PhotoUploaderColumns;

/** True for an ISO-BMFF file whose brand is HEIC/HEIF (an iPhone photo). */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = String.fromCharCode(...bytes.subarray(4, 8));
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return (
    box === "ftyp" &&
    ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"].includes(brand)
  );
}

export const photoFolder = (id: string) => `photos-${id}`;
export const PHOTO_FILE = "photo.jpg";
export const THUMB_FILE = "thumb.jpg";
/** The kept original's file (decision 0285): `original.jpeg`, `original.png` or `original.webp`. */
export const originalFile = (type: string) => `original.${type}`;
export const ORIGINAL_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type OriginalType = keyof typeof ORIGINAL_TYPES;

/** Who uploads, as the row's columns. */
export type PhotoUploaderColumns =
  | { userId: string }
  | { guestKeyHash: string }
  | { quoteId: string };

export function ownerWhere(uploader: PhotoUploader): SQL {
  if ("userId" in uploader) return eq(personalPhotos.userId, uploader.userId);
  if ("quoteId" in uploader) return eq(personalPhotos.quoteId, uploader.quoteId);
  return eq(personalPhotos.guestKeyHash, uploader.guestKeyHash);
}

/**
 * The full-size original for printing (decision 0285): upright, in its own format, no metadata
 * (sharp writes none unless asked: EXIF with GPS, XMP and IPTC are dropped as for the print copy).
 */
export async function reencodeOriginal(bytes: Uint8Array, type: OriginalType): Promise<Buffer> {
  const upright = sharp(bytes, SHARP_INPUT).rotate();
  if (type === "png") return upright.png().toBuffer();
  if (type === "webp") return upright.webp({ quality: 95 }).toBuffer();
  return upright.jpeg({ quality: 95 }).toBuffer();
}

/** The kept photo and its thumbnail: upright, at most KEPT_PHOTO_SIDE, JPEG without metadata. */
export async function reencode(bytes: Uint8Array): Promise<{ photo: Buffer; thumb: Buffer }> {
  const upright = () => sharp(bytes, SHARP_INPUT).rotate();
  const photo = await upright()
    .resize(KEPT_PHOTO_SIDE, KEPT_PHOTO_SIDE, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
  const thumb = await upright()
    .resize(320, 320, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { photo, thumb };
}

async function checkOne(field: PhotoField, bytes: Uint8Array, keepOriginal: boolean) {
  if (isHeic(bytes)) throw new HttpError(400, PHOTO_TEXTS.heic);
  if (sniffImage(bytes)) {
    // The header alone (nothing decoded): a small file claiming huge dimensions is a bomb.
    const header = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (header?.width && header.height && header.width * header.height > MAX_INPUT_PIXELS)
      throw new HttpError(400, PHOTO_TEXTS.bomb(header.width, header.height));
  }
  let image: Awaited<ReturnType<typeof checkImage>>;
  try {
    image = await checkImage(bytes);
  } catch (error) {
    // checkImage's own sentence (too many pixels) stands; a wrong type reads as the field's.
    if (error instanceof HttpError && /megapixels/.test(error.message)) throw error;
    throw new HttpError(400, PHOTO_TEXTS.type);
  }
  const small = tooSmall(field, image.width, image.height);
  if (small) throw new HttpError(400, small);
  try {
    const original = keepOriginal ? await reencodeOriginal(bytes, image.kind) : null;
    return { ...image, files: await reencode(bytes), original };
  } catch {
    throw new HttpError(400, PHOTO_TEXTS.type);
  }
}

export interface StoredPhoto {
  id: string;
  width: number;
  height: number;
}

/**
 * Checks, re-encodes and stores 1 to `field.maxPhotos` photos for `field` of `productId`: every
 * photo is checked before the first is written, so a refusal stores nothing.
 */
export async function storePersonalPhotos(
  db: DbOrTx,
  input: { productId: string; field: PhotoField; uploader: PhotoUploader; files: Uint8Array[] },
): Promise<StoredPhoto[]> {
  const { field } = input;
  if (input.files.length > field.maxPhotos) throw new HttpError(400, PHOTO_TEXTS.tooMany(field));
  const [held] = await db
    .select({ n: count() })
    .from(personalPhotos)
    .where(
      and(
        ownerWhere(input.uploader),
        eq(personalPhotos.productId, input.productId),
        eq(personalPhotos.fieldId, field.id),
      ),
    );
  // A bound on photos of one field an uploader keeps (replaced choices included) against flooding.
  if ((held?.n ?? 0) + input.files.length > field.maxPhotos * 5)
    throw new HttpError(400, PHOTO_TEXTS.tooMany(field));
  const keep = await keepPhotoOriginals(db);
  const checked = [];
  for (const bytes of input.files) checked.push(await checkOne(field, bytes, keep));
  const backend = await mediaBackend();
  const stored: StoredPhoto[] = [];
  for (const image of checked) {
    const id = `ph${randomBytes(12).toString("hex")}`;
    await backend.putUpload(photoFolder(id), [
      { name: THUMB_FILE, data: image.files.thumb, contentType: "image/jpeg" },
      { name: PHOTO_FILE, data: image.files.photo, contentType: "image/jpeg" },
      ...(image.original
        ? [
            {
              name: originalFile(image.kind),
              data: image.original,
              contentType: ORIGINAL_TYPES[image.kind],
            },
          ]
        : []),
    ]);
    await db.insert(personalPhotos).values({
      id,
      productId: input.productId,
      fieldId: field.id,
      width: image.width,
      height: image.height,
      originalType: image.original ? image.kind : null,
      ...input.uploader,
    });
    stored.push({ id, width: image.width, height: image.height });
  }
  return stored;
}

/** Deletes photos' files (their rows are gone or going). */
export async function removePersonalPhotoFiles(ids: readonly string[]): Promise<void> {
  const backend = await mediaBackend();
  for (const id of ids) await backend.removeUpload(photoFolder(id));
}

/** Deletes photos' files and rows (prune). */
export async function removePersonalPhotos(db: DbOrTx, ids: string[]): Promise<void> {
  for (const id of ids) {
    await removePersonalPhotoFiles([id]);
    await db.delete(personalPhotos).where(eq(personalPhotos.id, id));
  }
}
