/**
 * The one way to send a WhatsApp message (docs/decisions/0237-whatsapp-channel.md): call
 * `enqueueWhatsapp` inside the event's transaction, beside its mail. It writes an outbox row of
 * channel "whatsapp" only when WhatsApp is turned on, the event has a template, and the customer
 * (by email) agreed to updates on WhatsApp; the background sender (sender.server.ts) delivers it.
 * Other features (claims, ...) call this with their event's parameters.
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { readSection } from "~/features/settings/settings-store.server";
import { consentedNumber } from "./consent.server";
import { messageText, type WhatsappEvent } from "./whatsapp-events";
import { whatsappSection } from "./whatsapp-settings";

export interface WhatsappMessage {
  event: WhatsappEvent;
  /** The customer's email: consent is looked up by it, and a failed message falls back to it. */
  email: string;
  /** The account that placed the order, when there is one (its consent counts too). */
  userId?: string | null;
  /** The template's body parameters, {{1}}, {{2}}, ... (whatsapp-events.ts names them). */
  params: string[];
}

/** Meta's limit on a body parameter's length; longer text is cut (a template never fails for it). */
const MAX_PARAM = 1024;

/** The outbox row's id, or null when nothing is to be sent (off, no template, no consent). */
export async function enqueueWhatsapp(
  db: DbOrTx,
  message: WhatsappMessage,
): Promise<string | null> {
  const { value: settings } = await readSection(db, whatsappSection);
  if (!settings.enabled) return null;
  const template = settings.templates[message.event];
  if (!template?.name) return null;
  const to = await consentedNumber(db, message.email, message.userId);
  if (!to) return null;
  // A parameter may not hold new lines, tabs or more than 4 spaces in a row (Meta's template rules).
  const params = message.params.map((p) =>
    (p || "-")
      .replace(/[\n\t]+/g, " ")
      .replace(/ {4,}/g, "   ")
      .slice(0, MAX_PARAM),
  );
  const id = randomUUID();
  await db.insert(outbox).values({
    id,
    channel: "whatsapp",
    to,
    subject: `WhatsApp: ${message.event} (${template.name}, ${template.language})`,
    body: messageText(message.event, params),
    waTemplate: template.name,
    waLanguage: template.language,
    waParams: params,
    waStatus: "queued",
    fallbackTo: message.email.trim().toLowerCase(),
    // Due at once by the app's clock, the clock the sender compares with (not the database's).
    nextAttemptAt: new Date(),
  });
  return id;
}
