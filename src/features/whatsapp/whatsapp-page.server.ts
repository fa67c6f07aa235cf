/**
 * What pages read for WhatsApp on the server: whether to offer the choice (WhatsApp turned on) with
 * the person's current consent, and the studio's chat link. A database that cannot be read shows
 * neither (the page itself still loads).
 */
import { getDb } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { readSection } from "~/features/settings/settings-store.server";
import { consentsOf } from "./consent.server";
import type { ConsentJson } from "./consent.schema";
import { chatLink } from "./phone";
import { whatsappSection } from "./whatsapp-settings";

export async function consentBox(who: {
  email: string;
  userId: string | null;
}): Promise<{ offered: boolean; consent: ConsentJson | null }> {
  try {
    const db = await getDb();
    const { value } = await readSection(db, whatsappSection);
    if (!value.enabled) return { offered: false, consent: null };
    const [latest] = await consentsOf(db, { email: who.email || null, userId: who.userId ?? "" });
    return { offered: true, consent: latest && !latest.withdrawnAt ? latest : null };
  } catch (error) {
    log.error("[whatsapp] the consent box could not be read", error);
    return { offered: false, consent: null };
  }
}

/** The "Chat on WhatsApp" address with the message prefilled, or null (no number set). */
export async function studioChatLink(text: string): Promise<string | null> {
  try {
    const { value } = await readSection(await getDb(), whatsappSection);
    return chatLink(value.chatNumber, text);
  } catch {
    return null;
  }
}
