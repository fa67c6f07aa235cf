/**
 * What an upload becomes (docs/decisions/0036-image-uploads.md): turned upright by its EXIF
 * orientation, every metadata block dropped (EXIF with GPS, XMP, IPTC; colours converted to sRGB),
 * resized to the widths the pages use (never upscaled), and encoded as AVIF and WebP plus the
 * original's format as the fallback. The file names are content-addressed: the hash of the uploaded
 * bytes and of this pipeline's version, so the same upload always lands on the same names and a
 * changed pipeline never serves stale files under an old name.
 */
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import {
  MAX_IMAGE_WIDTH,
  storedFormats,
  storedWidths,
  type MediaExt,
  type MediaRef,
} from "~/lib/images";
import { SHARP_INPUT, type CheckedImage, type ImageKind } from "./image-check.server";

/** Bump when the widths, formats or encoder settings change: new names, never stale files. */
export const PIPELINE_VERSION = "1";

/** A Cloudinary upload keeps at most this width; Cloudinary makes the smaller ones itself. */
export const CLOUD_MAX_WIDTH = 2560;

export interface Variant {
  /** `<width>.<ext>` inside the upload's folder. */
  name: string;
  width: number;
  ext: MediaExt;
  data: Buffer;
}

export const EXT_OF: Record<ImageKind, MediaRef["ext"]> = { png: "png", jpeg: "jpg", webp: "webp" };

/** 32 hex characters (128 bits) of SHA-256 over the pipeline version and the uploaded bytes. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256")
    .update(`resin-media-v${PIPELINE_VERSION}\n`)
    .update(bytes)
    .digest("hex")
    .slice(0, 32);
}

/** The upload's reference: its hash, largest stored width and fallback format. */
export function mediaRefFor(bytes: Uint8Array, image: CheckedImage): MediaRef {
  return {
    hash: contentHash(bytes),
    width: Math.min(image.width, MAX_IMAGE_WIDTH),
    ext: EXT_OF[image.kind],
  };
}

function encode(pipeline: Sharp, ext: MediaExt): Sharp {
  switch (ext) {
    case "avif":
      return pipeline.avif({ quality: 55, effort: 2 });
    case "webp":
      return pipeline.webp({ quality: 78, effort: 4 });
    case "jpg":
      return pipeline.jpeg({ quality: 80, mozjpeg: true });
    case "png":
      return pipeline.png({ compressionLevel: 9, effort: 7 });
  }
}

/**
 * Every stored file of an upload. The upload is decoded, turned upright and scaled to the largest
 * width once (8-bit sRGB pixels, no metadata); each width and format is made from those pixels.
 */
export async function makeVariants(bytes: Uint8Array, ref: MediaRef): Promise<Variant[]> {
  const master = await sharp(bytes, SHARP_INPUT)
    .rotate()
    .resize({ width: ref.width, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = master.info;
  const variants: Variant[] = [];
  for (const w of storedWidths(ref.width)) {
    for (const ext of storedFormats(ref.ext)) {
      const pipeline = sharp(master.data, { raw: { width, height, channels } }).resize({
        width: w,
        withoutEnlargement: true,
      });
      const data = await encode(pipeline, ext).toBuffer();
      variants.push({ name: `${w}.${ext}`, width: w, ext, data });
    }
  }
  return variants;
}

/** The one file a Cloudinary upload sends: upright, metadata dropped, at most CLOUD_MAX_WIDTH wide, its own format. */
export async function normalisedOriginal(bytes: Uint8Array, kind: ImageKind): Promise<Buffer> {
  // Cloudinary encodes again for delivery: keep this copy close to the original's quality.
  const pipeline = sharp(bytes, SHARP_INPUT)
    .rotate()
    .resize({ width: CLOUD_MAX_WIDTH, withoutEnlargement: true });
  if (kind === "jpeg") return pipeline.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  if (kind === "webp") return pipeline.webp({ quality: 92 }).toBuffer();
  return pipeline.png({ compressionLevel: 9 }).toBuffer();
}
