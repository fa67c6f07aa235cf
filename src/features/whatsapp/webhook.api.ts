/**
 * Meta's WhatsApp webhook (docs/whatsapp.md, decision 0240), at WEBHOOK_PATH:
 *   GET  ?hub.mode=subscribe&hub.verify_token=..&hub.challenge=..  -> the challenge as text when the
 *        token is the one in Settings → WhatsApp; 403 otherwise.
 *   POST (X-Hub-Signature-256 over the raw body, the app secret as key) -> checked BEFORE the body
 *        is parsed; a missing or wrong signature is a 401 and changes nothing. Every correctly signed
 *        POST answers 200, whatever it holds (Meta retries anything else for days).
 */
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";
import { errorResponse, json, readBodyText } from "~/server/http";
import { log } from "~/server/log/logger";
import { readSection } from "~/features/settings/settings-store.server";
import { sameText } from "./same-text";
import { validSignature } from "./signature";
import { applyWebhook } from "./webhook.server";
import { whatsappSection } from "./whatsapp-settings";

export async function getWebhook(context: APIContext): Promise<Response> {
  const q = context.url.searchParams;
  const { value } = await readSection(await getDb(), whatsappSection);
  const challenge = q.get("hub.challenge") ?? "";
  if (
    q.get("hub.mode") !== "subscribe" ||
    value.verifyToken.length < 16 ||
    !sameText(q.get("hub.verify_token") ?? "", value.verifyToken)
  )
    return errorResponse(403, "The verify token does not match the one in Settings → WhatsApp.");
  return new Response(challenge, {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

export async function postWebhook(context: APIContext): Promise<Response> {
  const db = await getDb();
  const { value } = await readSection(db, whatsappSection);
  // Meta's payloads are UTF-8 JSON (non-ASCII escaped), so the text's bytes are the raw body's.
  const raw = await readBodyText(context.request, 512 * 1024);
  if (!validSignature(raw, context.request.headers.get("x-hub-signature-256"), value.appSecret))
    return errorResponse(401, "The X-Hub-Signature-256 header does not match the app secret.");
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    log.warn("[whatsapp] a signed webhook was not JSON; answered 200 and ignored");
    return json({ ok: true });
  }
  try {
    await applyWebhook(db, payload);
  } catch (error) {
    // Signed by Meta: answered 200 so it is not resent for days; the log says what went wrong.
    log.error("[whatsapp] a signed webhook could not be applied", error);
  }
  return json({ ok: true });
}
