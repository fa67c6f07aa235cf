/**
 * POST /v2/quotes/{token}/whatsapp { consented, phone? }: the WhatsApp choice on the quote page
 * (docs/decisions/0238-whatsapp-consent.md), for the quote's customer email; no account needed (the
 * token is the customer's). A no withdraws an earlier yes.
 */
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";
import { HttpError, json, readJson } from "~/server/http";
import { giveConsent, withdrawConsent } from "~/features/whatsapp/consent.server";
import { quoteConsentBody } from "~/features/whatsapp/consent.schema";
import { findByToken } from "./quote-payment.server";

export async function postQuoteWhatsapp(context: APIContext): Promise<Response> {
  const body = await readJson(context.request, quoteConsentBody, 1024);
  const db = await getDb();
  const found = await findByToken(db, context.params.token);
  const email = found?.current.customerEmail;
  if (!email) throw new HttpError(404, "Quote not found");
  if (!body.consented) {
    await withdrawConsent(db, { email }, "quote");
    return json({ consent: null });
  }
  if (!body.phone) throw new HttpError(400, "Give your mobile number for WhatsApp updates.");
  const phone = body.phone;
  const consent = await db.transaction((tx) => giveConsent(tx, { email }, phone, "quote"));
  return json({ consent });
}

/** The quote's customer email for the page's WhatsApp choice (server only; never sent to the browser). */
export async function quoteCustomerEmail(token: string | undefined): Promise<string> {
  const found = await findByToken(await getDb(), token).catch(() => null);
  return found?.current.customerEmail ?? "";
}
