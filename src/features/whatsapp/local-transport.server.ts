/**
 * The demo's local WhatsApp transport (docs/decisions/0274-demo-whatsapp-local.md): in demo mode,
 * when WHATSAPP_API_BASE is unset, the sender records each message as sent with a generated message
 * id instead of calling Meta, and the demo starts with WhatsApp on and the default templates, so
 * /demo/whatsapp fills offline, like the local payment provider. Never outside demo mode.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { env } from "~/server/env";
import type { SendOutcome } from "./cloud-api";
import { whatsappSection } from "./whatsapp-settings";

/** Demo mode and no Cloud API address set: WhatsApp messages stay on this machine. */
export function usesLocalTransport(): boolean {
  return env().DEMO_MODE && env().WHATSAPP_API_BASE === undefined;
}

/** What the local transport answers for every message: accepted, with an id shaped like Meta's. */
export function localSend(): SendOutcome {
  return { ok: true, messageId: `wamid.LOCAL.${randomUUID().replaceAll("-", "")}` };
}

/**
 * Turns WhatsApp on with the default templates when the local transport is in use and the owner
 * has never saved Settings → WhatsApp (a saved section, on or off, is left as it is).
 * Returns the banner's line, or null when nothing was written.
 */
export async function seedDemoWhatsapp(db: Db): Promise<string | null> {
  if (!usesLocalTransport()) return null;
  const value = { ...whatsappSection.defaults(), enabled: true };
  const written = await rawRows<{ section: string }>(
    db,
    sql`
    insert into shop_settings (section, value, version)
    values (${whatsappSection.key}, ${JSON.stringify(value)}::jsonb, 1)
    on conflict (section) do nothing returning section`,
  );
  return written.length > 0
    ? "  WhatsApp on for the demo: messages are recorded at /demo/whatsapp, nothing is sent."
    : null;
}
