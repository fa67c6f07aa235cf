/**
 * The shop's own image store: `<DATA_DIR>/media/<hash>/<width>.<ext>`, served at `/media/...`.
 * An upload's files are written into a scratch folder and moved into place with one rename, so a
 * reader never sees half an upload and a refused or failed upload leaves nothing behind.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { env } from "../../server/env";
import {
  mediaUrl,
  parseMediaFile,
  parseMediaUrl,
  type MediaExt,
  type MediaRef,
} from "../../lib/images";
import type { Variant } from "./image-variants.server";

export function mediaRoot(): string {
  return resolve(env().DATA_DIR, "media");
}

function uploadFolder(hash: string): string {
  return join(mediaRoot(), hash);
}

/** True when this upload's files are already stored (same bytes uploaded before). */
export async function isStored(ref: MediaRef): Promise<boolean> {
  try {
    return (await stat(join(uploadFolder(ref.hash), `${ref.width}.${ref.ext}`))).isFile();
  } catch {
    return false;
  }
}

/** Writes an upload's files and answers its URL (the largest width in the original's format). */
export async function storeUpload(ref: MediaRef, variants: Variant[]): Promise<string> {
  const url = mediaUrl(ref.hash, ref.width, ref.ext);
  if (await isStored(ref)) return url;
  const root = mediaRoot();
  const scratch = join(root, `.incoming-${randomUUID()}`);
  await mkdir(scratch, { recursive: true });
  try {
    await Promise.all(variants.map((v) => writeFile(join(scratch, v.name), v.data)));
    await rename(scratch, uploadFolder(ref.hash));
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    // The same image uploaded twice at once: the other upload put the same files in place first.
    if (await isStored(ref)) return url;
    throw error;
  }
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
  try {
    return {
      data: await readFile(join(uploadFolder(file.hash), `${file.width}.${file.ext}`)),
      ext: file.ext,
    };
  } catch {
    return null;
  }
}

/** True when `url` is one of our /media URLs whose files exist (for screens that save an image URL). */
export async function isStoredMediaUrl(url: string): Promise<boolean> {
  const ref = parseMediaUrl(url);
  return ref !== null && (await isStored(ref));
}
