/**
 * A WhatsApp message that failed (the API refused it, or Meta's webhook said failed, e.g. 131026:
 * the number is not on WhatsApp) falls back to one mail to the customer's email, exactly once: the
 * row's fallback_mail_id is set by one conditional update, and only the caller that set it writes
 * the mail (docs/decisions/0240-whatsapp-webhook-and-fallback.md).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { outbox } from "~/server/db/schema";
import { headerText } from "~/server/mail.server";
import { shopIdentity } from "~/server/shop-identity.server";

/** Writes the fallback mail if none was written yet; answers its id, or null. */
export async function fallBackToMail(db: DbOrTx, rowId: string): Promise<string | null> {
  const mailId = randomUUID();
  const [row] = await rawRows<{ fallback_to: string; body: string }>(
    db,
    sql`update outbox set fallback_mail_id = ${mailId}
      where id = ${rowId} and channel = 'whatsapp' and fallback_mail_id is null
        and fallback_to is not null and fallback_to <> ''
      returning fallback_to, body`,
  );
  if (!row) return null;
  const shop = (await shopIdentity(db)).name;
  await db.insert(outbox).values({
    id: mailId,
    to: headerText(row.fallback_to, 320),
    subject: headerText(`${shop}: an update we could not send on WhatsApp`),
    body: `Hello,\n\nWe tried to send you this update on WhatsApp, but it did not reach you:\n\n${row.body}\n\n${shop}\n`,
  });
  return mailId;
}
