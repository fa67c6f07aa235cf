/**
 * The shopper's WhatsApp choice (docs/decisions/0238-whatsapp-consent.md), signed in:
 *   GET    /v2/whatsapp/consent -> { consent: ConsentJson | null, chat: boolean }
 *   PUT    /v2/whatsapp/consent { phone, source } -> { consent }: a yes (checkout or profile)
 *   DELETE /v2/whatsapp/consent -> { consent: null }: withdrawn in one click
 * The consent belongs to the account and its email (orders and quotes know the customer by email).
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson } from "~/server/http";
import { consentsOf, giveConsent, withdrawConsent } from "./consent.server";
import { giveConsentBody } from "./consent.schema";

export async function getWhatsappConsent(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const [latest] = await consentsOf(await getDb(), { email: user.email, userId: user.uid });
  return json({ consent: latest && !latest.withdrawnAt ? latest : null });
}

export async function putWhatsappConsent(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const body = await readJson(context.request, giveConsentBody, 1024);
  const db = await getDb();
  const consent = await db.transaction((tx) =>
    giveConsent(tx, { email: user.email, userId: user.uid }, body.phone, body.source),
  );
  return json({ consent });
}

export async function deleteWhatsappConsent(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  await withdrawConsent(await getDb(), { email: user.email, userId: user.uid }, "profile");
  return json({ consent: null });
}
