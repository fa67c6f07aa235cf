/**
 * The product page's side of a photo field (docs/decisions/0262, 0264): the chosen file's size read
 * in the browser (too small is refused before upload, with the server's sentence), the crop drawn to
 * a JPEG, and the upload (bearer token when signed in; a guest's cookie otherwise). On a quote's
 * page the photos go to the quote by its link (decision 0286) and are shown through it.
 */
import { api } from "~/lib/api-client";
import { readCookie, TOKEN_COOKIE } from "~/lib/cookies";
import type { PhotoField } from "~/lib/personalisation-types";
import { PHOTO_TEXTS, photoUrl, quotePhotoUrl, tooSmall } from "./photo-rules";

/** Where a photo field uploads: a product's page, or a quote's link (its token). */
export type PhotoTarget = { productId: string } | { quoteToken: string };

/** A chosen photo's thumbnail, as the target's holder may see it. */
export const thumbUrl = (id: string, target?: PhotoTarget) =>
  `${target && "quoteToken" in target ? quotePhotoUrl(target.quoteToken, id) : photoUrl(id)}?size=thumb`;

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface UploadedPhoto {
  id: string;
  width: number;
  height: number;
  url: string;
}

const HEIC = /\.(heic|heif)$/i;

/** The chosen file as an image, or the sentence it is refused with before any upload. */
export async function openPhoto(
  field: PhotoField,
  file: File,
): Promise<{ image: HTMLImageElement; src: string } | { error: string }> {
  if (HEIC.test(file.name) || /hei[cf]/i.test(file.type)) return { error: PHOTO_TEXTS.heic };
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return { error: PHOTO_TEXTS.type };
  const src = URL.createObjectURL(file);
  const image = new Image();
  image.src = src;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(src);
    return { error: PHOTO_TEXTS.type };
  }
  const small = tooSmall(field, image.naturalWidth, image.naturalHeight);
  if (small) {
    URL.revokeObjectURL(src);
    return { error: small };
  }
  return { image, src };
}

/** The cropped part as a JPEG, or the sentence when the crop is smaller than the field needs. */
export async function cropToJpeg(
  field: PhotoField,
  image: HTMLImageElement,
  area: CropArea,
): Promise<Blob | { error: string }> {
  const width = Math.round(area.width);
  const height = Math.round(area.height);
  const small = tooSmall(field, width, height);
  if (small) return { error: small };
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(image, area.x, area.y, width, height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", 0.92));
  return blob ?? { error: PHOTO_TEXTS.type };
}

export async function uploadPhoto(
  target: PhotoTarget,
  field: PhotoField,
  photo: Blob,
): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append("file", photo, "photo.jpg");
  const fieldQuery = `field=${encodeURIComponent(field.id)}`;
  const path =
    "quoteToken" in target
      ? `/v2/quotes/${encodeURIComponent(target.quoteToken)}/photos?${fieldQuery}`
      : `/v2/personal-photos?product=${encodeURIComponent(target.productId)}&${fieldQuery}`;
  const answer = await api.post<{ photos: UploadedPhoto[] }>(path, form, {
    token: readCookie(TOKEN_COOKIE),
    timeoutMs: 120_000,
  });
  return answer.photos[0]!;
}
