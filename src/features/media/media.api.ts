/**
 * POST /v2/upload-cloud (docs/product.md §7, decision 0036) and GET /media/<hash>/<width>.<ext>.
 *
 * The upload is the owner's only: the role is checked from the headers before a byte of the body is
 * read. The body is read with the UPLOAD_MAX_BYTES limit enforced as it streams, the file must be a
 * PNG, JPEG or WebP by its bytes, and it is processed (upright, no metadata, the pages' widths and
 * formats) into the shop's own store, or into Cloudinary when CLOUDINARY_URL is set. Nothing is
 * written when anything is refused. Answers 201 `{ secure_url }`.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { auditActor, recordAudit } from "~/features/audit/audit.server";
import { env } from "~/server/env";
import { HttpError, json } from "~/server/http";
import { MEDIA_TYPES } from "~/lib/images";
import { checkImage, type CheckedImage } from "./image-check.server";
import {
  contentHash,
  makeVariants,
  mediaRefFor,
  normalisedOriginal,
} from "./image-variants.server";
import { isStored, readStoredFile, storeUpload } from "./media-store.server";
import { cloudinaryConfig, uploadToCloudinary } from "./cloudinary.server";
import { readUploadedFile } from "./upload-body.server";
import { publicMediaSource } from "./public-url.server";

const DAMAGED =
  "The image could not be read: the file looks damaged or incomplete. Please choose another image.";

/** One image is processed at a time: encoding is CPU-heavy and the shop serves shoppers meanwhile. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => {});
  return run;
}

/** sharp failing on pixels whose header looked fine is the upload's fault: a 400, not a 500. */
async function decoding<T>(job: Promise<T>): Promise<T> {
  try {
    return await job;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, DAMAGED);
  }
}

async function storeLocally(bytes: Uint8Array, image: CheckedImage): Promise<string> {
  const ref = mediaRefFor(bytes, image);
  if (await isStored(ref)) return storeUpload(ref, []);
  const variants = await decoding(makeVariants(bytes, ref));
  return storeUpload(ref, variants);
}

async function storeInCloudinary(bytes: Uint8Array, image: CheckedImage): Promise<string> {
  const config = cloudinaryConfig()!;
  const data = await decoding(normalisedOriginal(bytes, image.kind));
  const type = MEDIA_TYPES[image.kind === "jpeg" ? "jpg" : image.kind];
  return uploadToCloudinary(config, data, type, `${env().SHOP_SHORT_NAME}/${contentHash(bytes)}`);
}

/**
 * Reads, checks and stores the image of an upload request (multipart field `file`, at most
 * `maxBytes`); answers its URL, size and kind. For every caller that already checked who may
 * upload (the owner here, a verified buyer's review photos in src/features/reviews).
 */
export async function storeImageUpload(
  request: Request,
  maxBytes: number,
): Promise<{ url: string; bytes: number; kind: CheckedImage["kind"] }> {
  const bytes = await readUploadedFile(request, maxBytes);
  const image = await checkImage(bytes);
  const url = await oneAtATime(() =>
    cloudinaryConfig() ? storeInCloudinary(bytes, image) : storeLocally(bytes, image),
  );
  return { url, bytes: bytes.byteLength, kind: image.kind };
}

/** POST /v2/upload-cloud: multipart field `file`; 201 `{ secure_url }`. */
export async function postUploadCloud(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const stored = await storeImageUpload(context.request, env().UPLOAD_MAX_BYTES);
  const secureUrl = stored.url;
  // The file is stored before the row (a file store has no transaction); an upload is only ever
  // added, so a lost row hides nothing that changed (docs/decisions/0110-audit-coverage-and-keeping.md).
  await recordAudit(await getDb(), actor, {
    action: "upload.create",
    entity: "upload",
    entityId: secureUrl,
    after: { url: secureUrl, bytes: stored.bytes, kind: stored.kind },
  });
  return json({ secure_url: secureUrl }, { status: 201 });
}

const NOT_FOUND_HEADERS = {
  "content-type": "text/plain; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/** GET /media/<hash>/<width>.<ext>: a stored file, cached for a year (its name changes with its content). */
export async function getMedia(context: APIContext): Promise<Response> {
  const path = context.params.path ?? "";
  // Served from the bucket's public address when S3_PUBLIC_URL is set (decision 0116): the name
  // never changes its content, so the redirect may be cached, for a day (the CDN may move).
  const source = publicMediaSource(path);
  if (source.from === "none")
    return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  if (source.from === "bucket")
    return new Response(null, {
      status: 301,
      headers: { location: source.location, "cache-control": "public, max-age=86400" },
    });
  const file = await readStoredFile(path);
  if (!file) return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  const etag = `"${path.replace("/", "-")}"`;
  const headers = {
    "content-type": MEDIA_TYPES[file.ext],
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    etag,
  };
  if (context.request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: { ...headers, "content-length": String(file.data.byteLength) },
  });
}
