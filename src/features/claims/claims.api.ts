/**
 * The shopper's side of damage claims (docs/decisions/0247-damage-claims.md): report damage on their
 * own order (signed in) or on the paid order of their quote link (a guest), and open the claim's
 * photos and video. Someone else's order, claim or file is a 404, as if it did not exist.
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith } from "~/server/http";
import { idParam } from "~/lib/fields";
import { findByToken } from "~/features/custom/quote-payment.server";
import { loadOrder } from "~/features/orders/orders.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { readClaimForm } from "./claim-files.server";
import { claimMediaResponse, findClaimMedia, mediaNotFound } from "./claim-media.server";
import { myMediaBase, quoteMediaBase } from "./claims";
import { claimJson, openClaim } from "./claims.server";

/** The paid order a quote link leads to, or 404. */
async function linkOrder(token: string | undefined): Promise<string> {
  const found = await findByToken(await getDb(), token);
  const orderId = found?.quote.status === "paid" ? found.quote.paidOrderId : null;
  if (!orderId) throw new HttpError(404, "Quote not found");
  return orderId;
}

async function report(context: APIContext, orderId: string, mediaBase: string) {
  const form = await readClaimForm(context.request);
  const db = await getDb();
  const claim = await openClaim(db, { orderId, form });
  return json(await claimJson(db, claim, mediaBase), { status: 201 });
}

/** POST /v2/orders/{id}/claim (multipart: items, description, photos, video) on the caller's own order */
export async function postMyClaim(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const id = parseWith(idParam(), context.params.id);
  const mine = await loadOrder(await getDb(), id, user.uid, user.emailVerified ? user.email : null);
  if (!mine) throw new HttpError(404, "Order not found");
  return report(context, id, myMediaBase(id));
}

/** POST /v2/quotes/{token}/claim: a guest reports damage on the link's paid order */
export async function postQuoteClaim(context: APIContext): Promise<Response> {
  const orderId = await linkOrder(context.params.token);
  return report(context, orderId, quoteMediaBase(String(context.params.token)));
}

/** GET /my-orders/{id}/claim-media/{media}: the signed-in shopper's own claim file (session cookie) */
export async function getMyClaimMedia(context: APIContext): Promise<Response> {
  const user = context.locals.user;
  if (!user) return mediaNotFound();
  const db = await getDb();
  const media = await findClaimMedia(db, String(context.params.media ?? ""));
  if (!media || media.orderId !== context.params.id) return mediaNotFound();
  const order = await loadOrderRow(db, media.orderId);
  const email = user.emailVerified ? (user.email ?? "").toLowerCase() : "";
  const own =
    order && (order.userId === user.uid || (order.claimEmail !== "" && order.claimEmail === email));
  return own ? claimMediaResponse(media, context.request) : mediaNotFound();
}

/** GET /quote/{token}/claim-media/{media}: a claim file of the link's paid order */
export async function getQuoteClaimMedia(context: APIContext): Promise<Response> {
  const db = await getDb();
  const found = await findByToken(db, context.params.token);
  const orderId = found?.quote.status === "paid" ? found.quote.paidOrderId : null;
  const media = orderId ? await findClaimMedia(db, String(context.params.media ?? "")) : null;
  if (!media || media.orderId !== orderId) return mediaNotFound();
  return claimMediaResponse(media, context.request);
}
