/** HTTP handler of POST /v2/custom-order-email (docs/product.md §7); the route file only wires it. */
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { clientKey, HttpError, json, readJson } from "~/server/http";
import { storeImageUpload } from "~/features/media/media.api";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import { hit } from "~/server/rate-limit.server";
import { inquirySchema } from "./inquiry";
import {
  emailLimitKey,
  INQUIRY_WINDOW_MS,
  notifyOwner,
  storeInquiry,
  TOO_MANY_FROM_EMAIL,
  TOO_MANY_INQUIRIES,
} from "./inquiry.server";

function refused(error: string, retryAfterSeconds: number): Response {
  return json({ error }, { status: 429, headers: { "retry-after": String(retryAfterSeconds) } });
}

/**
 * POST /v2/custom-order-email: 201 `{ ok: true, id }`, 400 `{ error }`, 429 `{ error }` with
 * Retry-After. Two hourly limits: a generous one per client address (a wedding party behind one
 * carrier address is not refused) and a strict one per email (docs/decisions/0075-inquiry-never-lost.md).
 */
export async function postInquiry(context: APIContext): Promise<Response> {
  const { request } = context;
  // readJson caps the body at 64 KiB (413), far above what the schema's bounded fields add up to.
  const inquiry = await readJson(request, inquirySchema);
  if (inquiry.photos?.some((url) => !isShopImageUrl(url)))
    throw new HttpError(400, "Photos must be uploaded with the form.");

  const { INQUIRY_LIMIT_PER_HOUR, INQUIRY_EMAIL_LIMIT_PER_HOUR, TRUST_PROXY } = env();
  const client = clientKey(context, TRUST_PROXY);
  const db = await getDb();
  const byAddress = await hit(db, `inquiry:${client}`, INQUIRY_LIMIT_PER_HOUR, INQUIRY_WINDOW_MS);
  if (!byAddress.allowed) return refused(TOO_MANY_INQUIRIES, byAddress.retryAfterSeconds);
  const byEmail = await hit(
    db,
    emailLimitKey(inquiry.email),
    INQUIRY_EMAIL_LIMIT_PER_HOUR,
    INQUIRY_WINDOW_MS,
  );
  if (!byEmail.allowed) return refused(TOO_MANY_FROM_EMAIL, byEmail.retryAfterSeconds);

  const id = await storeInquiry(db, inquiry, client);
  await notifyOwner(db, id, inquiry);
  return json({ ok: true, id }, { status: 201 });
}

/** Photo uploads per client address per hour (a visitor may not have an account). */
const PHOTOS_PER_HOUR = 20;
const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/**
 * POST /v2/inquiry-photos (multipart `file`) -> 201 { url }: a photo for an inquiry (her ideas, her
 * garland), from anyone, limited per client address (decision 0211).
 */
export async function postInquiryPhoto(context: APIContext): Promise<Response> {
  const { UPLOAD_MAX_BYTES, TRUST_PROXY } = env();
  const db = await getDb();
  const allowed = await hit(
    db,
    `inquiry-photo:${clientKey(context, TRUST_PROXY)}`,
    PHOTOS_PER_HOUR,
    INQUIRY_WINDOW_MS,
  );
  if (!allowed.allowed)
    return refused("Too many photos uploaded in the last hour.", allowed.retryAfterSeconds);
  const stored = await storeImageUpload(
    context.request,
    Math.min(PHOTO_MAX_BYTES, UPLOAD_MAX_BYTES),
  );
  return json({ url: stored.url }, { status: 201 });
}
