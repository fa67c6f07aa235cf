/**
 * The WhatsApp messages the shop wrote for a customer (their data download, decision 0238) and for
 * the demo's WhatsApp page (decision 0241): outbox rows of channel "whatsapp", newest first.
 */
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { outbox } from "~/server/db/schema";

export interface WhatsappMessageJson {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  text: string;
  status: string;
  errorCode: number | null;
  createdAt: string;
  sentAt: string | null;
  fallbackMailId: string | null;
}

export async function whatsappMessages(
  db: DbOrTx,
  email: string | null,
  limit = 200,
): Promise<WhatsappMessageJson[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(
      email
        ? and(eq(outbox.channel, "whatsapp"), eq(outbox.fallbackTo, email.toLowerCase()))
        : eq(outbox.channel, "whatsapp"),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    template: r.waTemplate ?? "",
    language: r.waLanguage ?? "",
    params: r.waParams ?? [],
    text: r.body,
    status: r.waStatus ?? "",
    errorCode: r.waErrorCode,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    fallbackMailId: r.fallbackMailId,
  }));
}
