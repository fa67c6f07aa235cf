/**
 * The background sender of WhatsApp rows (docs/decisions/0237-whatsapp-channel.md), beside the mail
 * sender: due rows of channel "whatsapp" are claimed as mail's (src/server/outbox-claim.server.ts),
 * so two app servers never send one row at once; each goes to the Cloud API as a template message.
 * Accepted: `sent_at`, Meta's message id, status "accepted". A retryable error waits (the
 * outbox's one backoff); any other, or the last attempt, fails the row and
 * falls back to mail once. At least once: a crash after Meta accepted and before the write re-sends.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { env } from "~/server/env";
import { log } from "~/server/log/logger";
import { claimDueOutbox, MAX_MAIL_ATTEMPTS, retryAt } from "~/server/outbox-claim.server";
import { readSection } from "~/features/settings/settings-store.server";
import { type CloudApiTarget, sendTemplate } from "./cloud-api";
import { fallBackToMail } from "./fallback.server";
import { localSend, usesLocalTransport } from "./local-transport.server";
import { type WhatsappSettings, whatsappSection } from "./whatsapp-settings";

export function apiTarget(s: WhatsappSettings): CloudApiTarget | null {
  if (!s.enabled || !s.phoneNumberId || !s.accessToken) return null;
  return {
    base: env().WHATSAPP_API_BASE ?? "https://graph.facebook.com",
    version: s.apiVersion,
    phoneNumberId: s.phoneNumberId,
    accessToken: s.accessToken,
  };
}

type Row = {
  id: string;
  to: string;
  wa_template: string;
  wa_language: string;
  wa_params: string[];
  attempts: number;
};

export async function deliverDueWhatsapp(
  db: Db,
  now = new Date(),
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  const settings = (await readSection(db, whatsappSection)).value;
  // Demo mode without WHATSAPP_API_BASE: recorded as sent, nothing leaves (decision 0274).
  const local = settings.enabled && usesLocalTransport();
  const target = local ? null : apiTarget(settings);
  if (!local && !target) return { sent: 0, failed: 0 };
  const rows = await claimDueOutbox<Row>(
    db,
    "whatsapp",
    `id, "to", wa_template, wa_language, wa_params, attempts`,
    now,
    batch,
  );
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const outcome = target
      ? await sendTemplate(target, {
          to: row.to,
          template: row.wa_template,
          language: row.wa_language,
          params: row.wa_params ?? [],
        })
      : localSend();
    if (outcome.ok) {
      sent++;
      await db
        .update(outbox)
        .set({
          sentAt: new Date(),
          error: null,
          waMessageId: outcome.messageId,
          // The local transport has no webhook to say "sent" later: it is sent at once.
          waStatus: target ? "accepted" : "sent",
        })
        .where(eq(outbox.id, row.id));
      continue;
    }
    failed++;
    const last = !outcome.retry || row.attempts >= MAX_MAIL_ATTEMPTS;
    log.error(
      `[whatsapp] message ${row.id}: attempt ${row.attempts} failed${last ? " (giving up; falls back to mail)" : ""}: ${outcome.error}`,
    );
    await db.transaction(async (tx) => {
      await tx
        .update(outbox)
        .set({
          error: outcome.error,
          waErrorCode: outcome.code,
          ...(last
            ? { waStatus: "failed", attempts: MAX_MAIL_ATTEMPTS }
            : { nextAttemptAt: retryAt(row.attempts) }),
        })
        .where(eq(outbox.id, row.id));
      if (last) await fallBackToMail(tx, row.id);
    });
  }
  return { sent, failed };
}
