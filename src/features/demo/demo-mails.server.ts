/**
 * The demo's mails page (/demo/mails, docs/decisions/0201-demo-mails-page.md): in demo mode the
 * shop sends no mail, so a person trying the demo reads here what it would have sent (the order
 * confirmation, the proof, the shipping mail), newest first, as the local payment page stands in
 * for the provider's. Only in demo mode (missing, so a 404, otherwise); the demo listens on this
 * machine only, so the page asks for no sign-in.
 */
import { and, desc, eq, ilike } from "drizzle-orm";
import { getDb } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { env } from "~/server/env";
import { type PageLoad, readPage } from "~/server/page-load";

export interface DemoMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  at: string;
}

/** The newest mails shown at once (older ones: the owner's Outbox). */
export const DEMO_MAILS_SHOWN = 50;

/** The mails to one address (`to`, part of it) or all of them; missing outside demo mode. */
export async function loadDemoMails(to = ""): Promise<PageLoad<{ mails: DemoMail[] }>> {
  if (!env().DEMO_MODE) return { state: "missing", status: 404 };
  return readPage("demo mails page", async () => {
    const db = await getDb();
    const wanted = to.trim().slice(0, 200);
    const rows = await db
      .select()
      .from(outbox)
      .where(
        and(
          // WhatsApp messages have their own page, /demo/whatsapp (decision 0241).
          eq(outbox.channel, "mail"),
          wanted ? ilike(outbox.to, `%${wanted.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        ),
      )
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(DEMO_MAILS_SHOWN);
    return {
      state: "found" as const,
      status: 200 as const,
      mails: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        body: row.body,
        at: row.createdAt.toISOString(),
      })),
    };
  });
}
