/**
 * Is this upload a PNG, JPEG or WebP image? Decided by its bytes, never by its name or declared type:
 * first the format's magic number, then sharp reads the header and must agree on the format and find
 * sane dimensions. Anything else is the spec's 400 (docs/product.md §5 'Only PNG, JPEG, and WebP files are allowed').
 */
import sharp, { type Metadata, type SharpOptions } from "sharp";
import { HttpError } from "~/server/http";

export const WRONG_TYPE = "Only PNG, JPEG, and WebP files are allowed";

/** Images above this many pixels are refused before decoding (a small file can claim huge dimensions). */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = "png" | "jpeg" | "webp";

export interface CheckedImage {
  kind: ImageKind;
  /** Upright dimensions (EXIF orientation applied). */
  width: number;
  height: number;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the first bytes announce, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 12 && startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return "webp";
  return null;
}

/** Options every sharp pipeline over an upload uses: strict decoding, bounded size, one frame. */
export const SHARP_INPUT: SharpOptions = {
  failOn: "error",
  limitInputPixels: MAX_INPUT_PIXELS,
  pages: 1,
};

/** The upload's format and upright size; a 400 for anything that is not a readable PNG, JPEG or WebP. */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(400, WRONG_TYPE);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, SHARP_INPUT).metadata();
  } catch {
    throw new HttpError(400, WRONG_TYPE);
  }
  if (meta.format !== kind || !meta.width || !meta.height) throw new HttpError(400, WRONG_TYPE);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new HttpError(
      400,
      `The image is ${meta.width} x ${meta.height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { kind, width: upright.width, height: upright.height };
}
