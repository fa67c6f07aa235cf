/**
 * The shop's own image store, served at `/media/<hash>/<width>.<ext>`: the data folder
 * (`<DATA_DIR>/media`) by default, an S3-compatible bucket when S3_BUCKET is set
 * (docs/decisions/0080-media-in-s3.md). Either way a reader never sees half an upload.
 */
import { resolve } from "node:path";
import { env } from "~/server/env";
import {
  MEDIA_TYPES,
  mediaUrl,
  parseMediaFile,
  parseMediaUrl,
  type MediaExt,
  type MediaRef,
} from "~/lib/images";
import type { MediaBackend } from "./backends/backend";
import { localBackend } from "./backends/local.server";
import type { Variant } from "./image-variants.server";

export function mediaRoot(): string {
  return resolve(env().DATA_DIR, "media");
}

let cached: { key: string; backend: Promise<MediaBackend> } | undefined;

/**
 * The configured store, made once per configuration. The S3 client is loaded only when a bucket
 * is configured: the AWS SDK would otherwise cost every shop memory (docs/decisions/0048).
 */
export function mediaBackend(): Promise<MediaBackend> {
  const e = env();
  const key = e.S3_BUCKET
    ? `s3:${e.S3_ENDPOINT ?? ""}:${e.S3_BUCKET}:${e.S3_PREFIX}`
    : `local:${mediaRoot()}`;
  if (cached?.key !== key) {
    const bucket = e.S3_BUCKET;
    const backend = bucket
      ? import("./backends/s3.server").then(({ s3Backend }) =>
          s3Backend({
            bucket,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            prefix: e.S3_PREFIX,
          }),
        )
      : Promise.resolve(localBackend(mediaRoot()));
    cached = { key, backend };
  }
  return cached.backend;
}

/** Which store holds the uploads, for messages and backups. */
export function mediaStoreKind(): "local" | "s3" {
  return env().S3_BUCKET ? "s3" : "local";
}

/** True when this upload's files are already stored (same bytes uploaded before). */
export async function isStored(ref: MediaRef): Promise<boolean> {
  return (await mediaBackend()).has(ref.hash, `${ref.width}.${ref.ext}`);
}

/**
 * Writes an upload's files and answers its URL (the largest width in the original's format). The
 * file the URL names goes last, so `isStored` is true only for a whole upload.
 */
export async function storeUpload(ref: MediaRef, variants: Variant[]): Promise<string> {
  const url = mediaUrl(ref.hash, ref.width, ref.ext);
  if (await isStored(ref)) return url;
  const main = `${ref.width}.${ref.ext}`;
  const ordered = [
    ...variants.filter((v) => v.name !== main),
    ...variants.filter((v) => v.name === main),
  ];
  await (await mediaBackend()).putUpload(
    ref.hash,
    ordered.map((v) => ({
      name: v.name,
      data: v.data,
      contentType: MEDIA_TYPES[v.ext],
    })),
  );
  return url;
}

export interface StoredFile {
  data: Buffer;
  ext: MediaExt;
}

/** A stored file by its path under /media, or null (an unknown, malformed or escaping path). */
export async function readStoredFile(path: string): Promise<StoredFile | null> {
  const file = parseMediaFile(path);
  if (!file) return null;
  const data = await (await mediaBackend()).read(file.hash, `${file.width}.${file.ext}`);
  return data ? { data, ext: file.ext } : null;
}

/** True when `url` is one of our /media URLs whose files exist (for screens that save an image URL). */
export async function isStoredMediaUrl(url: string): Promise<boolean> {
  const ref = parseMediaUrl(url);
  return ref !== null && (await isStored(ref));
}
