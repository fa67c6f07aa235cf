/**
 * The demo's WhatsApp page (/demo/whatsapp, docs/decisions/0241-demo-whatsapp-page.md): the WhatsApp
 * messages the shop wrote (the proof with its approve link, the parcel's AWB...), newest first, like
 * the demo's mails page (decision 0201). Only in demo mode (missing, so a 404, otherwise); the demo
 * listens on this machine only, so the page asks for no sign-in.
 */
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { type PageLoad, readPage } from "~/server/page-load";
import { type WhatsappMessageJson, whatsappMessages } from "./messages.server";

export async function loadDemoWhatsapp(): Promise<PageLoad<{ messages: WhatsappMessageJson[] }>> {
  if (!env().DEMO_MODE) return { state: "missing", status: 404 };
  return readPage("demo WhatsApp page", async () => ({
    state: "found" as const,
    status: 200 as const,
    messages: await whatsappMessages(await getDb(), null, 50),
  }));
}

/** A line of the message split so its links can be shown as links (text, then a link, ...). */
export function withLinks(line: string): { text: string; href?: string }[] {
  return line
    .split(/(https?:\/\/\S+)/)
    .filter(Boolean)
    .map((part) => (/^https?:\/\//.test(part) ? { text: part, href: part } : { text: part }));
}
