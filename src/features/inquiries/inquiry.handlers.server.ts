/**
 * Custom-order inquiries (SPEC §2 modal, §5 validation, §7 POST /v2/custom-order-email).
 *
 * Order of work, so an inquiry is never lost:
 *   1. parse the body with zod (bad input: 400, nothing written);
 *   2. count the hit against the client's hourly limit (over it: 429, nothing stored);
 *   3. store the inquiry in `custom_inquiries`;
 *   4. notify the owner through the mail module (outbox row + SMTP when configured).
 * A failure in step 4 is logged (the outbox row keeps the SMTP error) and the answer is still 201.
 */
import type { APIContext } from "astro";
import { getDb } from "../../server/db/client";
import { env } from "../../server/env";
import { clientKey, json, readJson } from "../../server/http";
import { hit } from "../../server/rate-limit.server";
import { inquirySchema } from "./inquiry";
import { notifyOwner, storeInquiry } from "./inquiry.server";

export const INQUIRY_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_INQUIRIES = "Too many inquiries from this address. Please try again in an hour or email us.";

/** POST /v2/custom-order-email: 201 `{ ok: true, id }`, 400 `{ error }`, 429 `{ error }` with Retry-After. */
export async function postInquiry(context: APIContext): Promise<Response> {
  const { request } = context;
  // readJson caps the body at 64 KiB (413), far above what the schema's bounded fields add up to.
  const inquiry = await readJson(request, inquirySchema);

  const { INQUIRY_LIMIT_PER_HOUR, TRUST_PROXY } = env();
  const client = clientKey(context, TRUST_PROXY);
  const db = await getDb();
  const limit = await hit(db, `inquiry:${client}`, INQUIRY_LIMIT_PER_HOUR, INQUIRY_WINDOW_MS);
  if (!limit.allowed) {
    return json({ error: TOO_MANY_INQUIRIES }, { status: 429, headers: { "retry-after": String(limit.retryAfterSeconds) } });
  }

  const id = await storeInquiry(db, inquiry, client);
  await notifyOwner(db, id, inquiry);
  return json({ ok: true, id }, { status: 201 });
}
