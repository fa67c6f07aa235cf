/**
 * A claim's photos and unboxing video (docs/decisions/0247-damage-claims.md, 0249-claim-video-limit.md):
 * read from one multipart body with a cap enforced while it streams in, each file's type decided by
 * its bytes (never its name or declared type) and its size checked, everything refused before
 * anything is written. The files are kept in the media store under `claims-<claimId>/`, a folder the
 * public /media route cannot name (it serves only 32-hex upload folders) and media prune never
 * touches, so they are read only through the claim's own routes (shopper and owner).
 */
import { randomBytes } from "node:crypto";
import { HttpError } from "~/server/http";
import { checkImage } from "~/features/media/image-check.server";
import { mediaBackend } from "~/features/media/media-store.server";
import {
  describeBytes,
  MULTIPART_OVERHEAD_BYTES,
  readCapped,
} from "~/features/media/upload-body.server";
import { CLAIM_TEXTS, MAX_CLAIM_PHOTOS, MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from "./claims";

export type VideoKind = "mp4" | "mov" | "webm";

export const VIDEO_TYPES: Record<VideoKind, string> = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};
const PHOTO_TYPES = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" } as const;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * The video format the first bytes announce, or null. MP4 and MOV are ISO base media files: a box
 * size then `ftyp` and the major brand (`qt  ` for QuickTime); older QuickTime files open with a
 * `moov`, `mdat`, `wide` or `free` atom. WebM is Matroska: the EBML magic 1A 45 DF A3 and the
 * DocType "webm" in the header.
 */
export function sniffVideo(bytes: Uint8Array): VideoKind | null {
  if (bytes.length < 12) return null;
  const box = ascii(bytes, 4, 8);
  if (box === "ftyp") return ascii(bytes, 8, 12) === "qt  " ? "mov" : "mp4";
  if (["moov", "mdat", "wide", "free"].includes(box)) return "mov";
  const ebml = bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  if (ebml && ascii(bytes, 4, Math.min(bytes.length, 64)).includes("webm")) return "webm";
  return null;
}

export interface ClaimFile {
  id: string;
  kind: "photo" | "video";
  ext: string;
  contentType: string;
  data: Uint8Array;
}

export interface ClaimForm {
  fields: Record<string, string>;
  files: ClaimFile[];
}

const newMediaId = () => `cm${randomBytes(8).toString("hex")}`;
const BODY_CAP = MAX_VIDEO_BYTES + MAX_CLAIM_PHOTOS * MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES;

function tooLarge(what: string, max: number) {
  return new HttpError(400, `${what} is larger than ${describeBytes(max)}. Choose a smaller file.`);
}

/**
 * The claim form's text fields and its checked files: `photos` (0 to 5 images) and `video` (one
 * MP4, MOV or WebM; required unless `videoOptional`, the owner's goodwill claim). Any refusal is a
 * 400 that says what to change.
 */
export async function readClaimForm(request: Request, videoOptional = false): Promise<ClaimForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type))
    throw new HttpError(400, CLAIM_TEXTS.notMultipart);
  const declared = request.headers.get("content-length");
  const bodyTooLarge = `The report is larger than ${describeBytes(BODY_CAP - MULTIPART_OVERHEAD_BYTES)}. Choose a shorter video or fewer photos.`;
  if (declared !== null && Number(declared) > BODY_CAP) throw new HttpError(400, bodyTooLarge);
  const body = await readCapped(request, BODY_CAP, bodyTooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new HttpError(400, CLAIM_TEXTS.notMultipart);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  const photos = form.getAll("photos").filter((p): p is File => p instanceof File && p.size > 0);
  const videos = form.getAll("video").filter((v): v is File => v instanceof File && v.size > 0);
  if (photos.length > MAX_CLAIM_PHOTOS) throw new HttpError(400, CLAIM_TEXTS.tooManyPhotos);
  if (videos.length > 1) throw new HttpError(400, CLAIM_TEXTS.videoOne);
  if (videos.length === 0 && !videoOptional) throw new HttpError(400, CLAIM_TEXTS.videoMissing);
  const files: ClaimFile[] = [];
  for (const video of videos) {
    if (video.size > MAX_VIDEO_BYTES) throw tooLarge("The unboxing video", MAX_VIDEO_BYTES);
    const data = new Uint8Array(await video.arrayBuffer());
    const kind = sniffVideo(data);
    if (!kind) throw new HttpError(400, CLAIM_TEXTS.videoType);
    files.push({
      id: newMediaId(),
      kind: "video",
      ext: kind,
      contentType: VIDEO_TYPES[kind],
      data,
    });
  }
  for (const photo of photos) {
    if (photo.size > MAX_PHOTO_BYTES) throw tooLarge("A photo", MAX_PHOTO_BYTES);
    const data = new Uint8Array(await photo.arrayBuffer());
    let image: Awaited<ReturnType<typeof checkImage>>;
    try {
      image = await checkImage(data);
    } catch {
      throw new HttpError(400, CLAIM_TEXTS.photoType);
    }
    const ext = image.kind === "jpeg" ? "jpg" : image.kind;
    files.push({
      id: newMediaId(),
      kind: "photo",
      ext,
      contentType: PHOTO_TYPES[image.kind],
      data,
    });
  }
  return { fields, files };
}

const folder = (claimId: string) => `claims-${claimId}`;
const fileName = (file: { id: string; ext: string }) => `${file.id}.${file.ext}`;

/** Writes a claim's files (all or none: the store moves the folder into place at once). */
export async function storeClaimFiles(claimId: string, files: ClaimFile[]): Promise<void> {
  if (files.length === 0) return;
  await (await mediaBackend()).putUpload(
    folder(claimId),
    files.map((f) => ({ name: fileName(f), data: f.data, contentType: f.contentType })),
  );
}

/** Removes a claim's files (its row was not written after all). */
export async function removeClaimFiles(claimId: string): Promise<void> {
  await (await mediaBackend()).removeUpload(folder(claimId));
}

/** One stored file's bytes, or null. */
export async function readClaimFile(
  claimId: string,
  media: { id: string; ext: string },
): Promise<Buffer | null> {
  return (await mediaBackend()).read(folder(claimId), fileName(media));
}
