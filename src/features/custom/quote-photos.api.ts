/**
 * Photos for a quote's photo fields (docs/decisions/0286-quote-photo-fields.md), by its link:
 * - POST /v2/quotes/{token}/photos?field={fieldId} (multipart, one or more `file`): the link's
 *   holder uploads photos for a photo field of the quote (the one the link leads to now, while it
 *   is open); checked, re-encoded and stored privately as a product page's photos (decision 0262),
 *   the quote named as their uploader. 201 `{ photos: [{ id, width, height, url }] }`.
 * - GET /quote/{token}/photos/{id}[?size=thumb]: a photo of that quote, for the link's holder; a
 *   wrong token, another quote's photo or an unknown id is a 404 that says nothing. The owner sees
 *   them at /personal-photos/{id}, the paying shopper too once the order carries them.
 */
import type { APIContext } from "astro";
import * as z from "zod/mini";
import { getDb } from "~/server/db/client";
import { HttpError, json, readQuery } from "~/server/http";
import { quoteOwnsPhotos } from "~/features/personalisation/photo-access.server";
import { PHOTO_TEXTS, quotePhotoUrl } from "~/features/personalisation/photo-rules";
import { notFound, readPhotos, servePhoto } from "~/features/personalisation/photo.api";
import { storePersonalPhotos } from "~/features/personalisation/photo-upload.server";
import { findByToken, isOpenOrPaid } from "./quote-payment.server";

const uploadQuery = z.object({
  field: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, PHOTO_TEXTS.noField)),
});

const CLOSED = "This quote is no longer open, so photos cannot be added to it.";

/** POST /v2/quotes/{token}/photos?field={fieldId} */
export async function postQuotePhotos(context: APIContext): Promise<Response> {
  const token = String(context.params.token ?? "");
  const query = readQuery(context.url, uploadQuery);
  const db = await getDb();
  const found = await findByToken(db, token);
  if (found?.current.kind !== "quote") throw new HttpError(404, "Quote not found");
  const quote = found.current;
  if (quote.status !== "sent" || !isOpenOrPaid(quote, new Date())) throw new HttpError(409, CLOSED);
  const field = quote.personalisationFields.find((f) => f.id === query.field);
  if (field?.kind !== "photo") throw new HttpError(400, "This quote has no such photo field.");
  const files = await readPhotos(context.request, field);
  const stored = await storePersonalPhotos(db, {
    productId: quote.personalisationProductId ?? "",
    field,
    uploader: { quoteId: quote.id },
    files,
  });
  return json(
    { photos: stored.map((p) => ({ ...p, url: quotePhotoUrl(token, p.id) })) },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
}

/** GET /quote/{token}/photos/{id}[?size=thumb] */
export async function getQuotePhoto(context: APIContext): Promise<Response> {
  const id = String(context.params.id ?? "");
  if (!/^ph[a-f0-9]{24}$/.test(id)) return notFound();
  const db = await getDb();
  const found = await findByToken(db, String(context.params.token ?? ""));
  if (!found) return notFound();
  const quoteIds = [...new Set([found.quote.id, found.current.id])];
  if (!(await quoteOwnsPhotos(db, quoteIds, [id]))) return notFound();
  const size = context.url.searchParams.get("size") === "thumb" ? "thumb" : null;
  return servePhoto(db, id, size, false);
}
