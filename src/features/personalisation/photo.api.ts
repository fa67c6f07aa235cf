/**
 * The shopper's photos for a product's photo field (docs/decisions/0262-customer-photos-private.md):
 * - POST /v2/personal-photos?product={id}&field={fieldId} (multipart, one or more `file`): a
 *   signed-in shopper (bearer token) or a guest (the `guest_photos` cookie, set on the first upload)
 *   uploads photos; answers `{ photos: [{ id, width, height, url }] }` (201). Every refusal is a 400
 *   with a sentence, and nothing is stored.
 * - GET /personal-photos/{id}[?size=thumb|original]: the photo, for its uploader, the order's buyer
 *   and the shop's owner (session cookie or guest cookie); everyone else 404. `size=original` is the
 *   full-size original kept for printing (decision 0285), for the owner only.
 * A quote's link uploads and sees its photos through the custom feature's routes (decision 0286),
 * which share readPhotos and servePhoto.
 */
import type { APIContext } from "astro";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import * as z from "zod/mini";
import { getAuthUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { personalPhotos, products } from "~/server/db/schema";
import { HttpError, json, readQuery } from "~/server/http";
import { isAdmin } from "~/lib/roles";
import { mediaBackend } from "~/features/media/media-store.server";
import {
  MULTIPART_OVERHEAD_BYTES,
  readCapped,
  tooLargeMessage,
} from "~/features/media/upload-body.server";
import type { PhotoField } from "~/lib/personalisation-types";
import { readFieldList } from "./personalisation.schema";
import { ensureGuestKey, guestKeyHash, maySeePhoto } from "./photo-access.server";
import { MAX_PHOTO_UPLOAD_BYTES, PHOTO_TEXTS, photoUrl } from "./photo-rules";
import {
  ORIGINAL_TYPES,
  type OriginalType,
  originalFile,
  PHOTO_FILE,
  photoFolder,
  storePersonalPhotos,
  THUMB_FILE,
} from "./photo-upload.server";

const uploadQuery = z.object({
  product: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,80}$/, "Unknown product")),
  field: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, PHOTO_TEXTS.noField)),
});

const NOT_MULTIPART = "Send the photos as a form upload (multipart/form-data, field 'file').";

async function photoField(productId: string, fieldId: string): Promise<PhotoField> {
  const [row] = await (await getDb())
    .select({ personalisation: products.personalisation })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active")));
  if (!row) throw new HttpError(404, "Product not found");
  const field = readFieldList(row.personalisation).find((f) => f.id === fieldId);
  if (field?.kind !== "photo") throw new HttpError(400, PHOTO_TEXTS.noField);
  return field;
}

/** The multipart body's photos for `field`: 400 with a sentence for too many, too large, none. */
export async function readPhotos(request: Request, field: PhotoField): Promise<Uint8Array[]> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) throw new HttpError(400, NOT_MULTIPART);
  const cap = field.maxPhotos * MAX_PHOTO_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = tooLargeMessage(MAX_PHOTO_UPLOAD_BYTES);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > cap) throw new HttpError(400, tooLarge);
  const body = await readCapped(request, cap, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new HttpError(400, NOT_MULTIPART);
  }
  const files = form.getAll("file").filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length === 0) throw new HttpError(400, "Choose a photo to upload.");
  if (files.length > field.maxPhotos) throw new HttpError(400, PHOTO_TEXTS.tooMany(field));
  if (files.some((f) => f.size > MAX_PHOTO_UPLOAD_BYTES)) throw new HttpError(400, tooLarge);
  return Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
}

/** POST /v2/personal-photos?product={id}&field={fieldId} */
export async function postPersonalPhotos(context: APIContext): Promise<Response> {
  const query = readQuery(context.url, uploadQuery);
  const field = await photoField(query.product, query.field);
  const files = await readPhotos(context.request, field);
  const user = await getAuthUser(context);
  const uploader = user
    ? { userId: user.uid }
    : { guestKeyHash: ensureGuestKey(context.cookies, context.url.protocol === "https:") };
  const stored = await storePersonalPhotos(await getDb(), {
    productId: query.product,
    field,
    uploader,
    files,
  });
  return json(
    { photos: stored.map((p) => ({ ...p, url: photoUrl(p.id) })) },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
}

export const notFound = () =>
  new Response(JSON.stringify({ error: "Not found" }), {
    status: 404,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

/** GET /personal-photos/{id}[?size=thumb] */
export async function getPersonalPhoto(context: APIContext): Promise<Response> {
  const id = String(context.params.id ?? "");
  if (!/^ph[a-f0-9]{24}$/.test(id)) return notFound();
  const user = context.locals.user ?? null;
  const db = await getDb();
  const may = await maySeePhoto(db, id, {
    uid: user?.uid ?? null,
    admin: isAdmin(user),
    guestKeyHash: guestKeyHash(context.cookies),
  });
  if (!may) return notFound();
  return servePhoto(db, id, context.url.searchParams.get("size"), isAdmin(user));
}

/**
 * A photo's file for a caller already allowed to see it: the print copy, its thumbnail, or (the
 * owner only, `owner`) the original kept for printing, as a download; 404 when there is none.
 */
export async function servePhoto(
  db: DbOrTx,
  id: string,
  size: string | null,
  owner: boolean,
): Promise<Response> {
  let name = size === "thumb" ? THUMB_FILE : PHOTO_FILE;
  let type = "image/jpeg";
  let disposition: string | undefined;
  if (size === "original") {
    if (!owner) return notFound();
    const [row] = await db
      .select({ originalType: personalPhotos.originalType })
      .from(personalPhotos)
      .where(eq(personalPhotos.id, id));
    const kept = row?.originalType as OriginalType | null | undefined;
    if (!kept || !(kept in ORIGINAL_TYPES)) return notFound();
    name = originalFile(kept);
    type = ORIGINAL_TYPES[kept];
    disposition = `attachment; filename="${id}-original.${kept}"`;
  }
  const bytes = await (await mediaBackend()).read(photoFolder(id), name);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": type,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      ...(disposition ? { "content-disposition": disposition } : {}),
    },
  });
}
