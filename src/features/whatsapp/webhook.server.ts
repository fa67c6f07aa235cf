/**
 * What Meta's webhook tells the shop (docs/decisions/0240-whatsapp-webhook-and-fallback.md):
 * message statuses (sent, delivered, read, failed with Meta's error code) recorded on the outbox
 * row whose message id they name, a failed one falling back to mail once; and replies, where a
 * "STOP" withdraws the number's consent. Anything else is ignored.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { log } from "~/server/log/logger";
import { withdrawByPhone } from "./consent.server";
import { fallBackToMail } from "./fallback.server";

interface Status {
  id?: unknown;
  status?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown }[];
}
interface Inbound {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}

/** Later states never go back to earlier ones (Meta's statuses can arrive out of order). */
const RANK: Record<string, number> = { queued: 0, accepted: 1, sent: 2, delivered: 3, read: 4 };

/** Words that stop the updates, as a reply's whole text (any case). */
const STOP_WORDS = new Set(["STOP", "UNSUBSCRIBE", "STOP ALL", "रोकें", "बंद"]);

function changesOf(payload: unknown): { statuses: Status[]; messages: Inbound[] } {
  const statuses: Status[] = [];
  const messages: Inbound[] = [];
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return { statuses, messages };
  for (const entry of entries)
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (Array.isArray(value?.statuses)) statuses.push(...value.statuses);
      if (Array.isArray(value?.messages)) messages.push(...value.messages);
    }
  return { statuses, messages };
}

export async function applyWebhook(
  db: Db,
  payload: unknown,
): Promise<{ statuses: number; stops: number }> {
  const { statuses, messages } = changesOf(payload);
  let applied = 0;
  let stops = 0;
  for (const s of statuses) {
    if (typeof s.id !== "string" || typeof s.status !== "string") continue;
    if (await applyStatus(db, s.id, s.status, s.errors?.[0])) applied++;
  }
  for (const m of messages) {
    const text = m.type === "text" ? m.text?.body : m.type === "button" ? m.button?.text : null;
    if (typeof m.from !== "string" || typeof text !== "string") continue;
    if (!STOP_WORDS.has(text.trim().toUpperCase())) continue;
    const closed = await withdrawByPhone(db, m.from.replace(/\D/g, ""));
    log.info(`[whatsapp] a STOP reply withdrew ${closed} consent(s)`);
    stops++;
  }
  return { statuses: applied, stops };
}

async function applyStatus(
  db: Db,
  messageId: string,
  status: string,
  error: Status["errors"] extends (infer E)[] | undefined ? E | undefined : never,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: outbox.id, waStatus: outbox.waStatus })
      .from(outbox)
      .where(sql`${outbox.waMessageId} = ${messageId} and ${outbox.channel} = 'whatsapp'`)
      .for("update");
    if (!row) return false;
    if (status === "failed") {
      const code = typeof error?.code === "number" ? error.code : null;
      const words = [error?.title, error?.message].filter((w) => typeof w === "string").join(": ");
      await tx
        .update(outbox)
        .set({
          waStatus: "failed",
          waErrorCode: code,
          error:
            `WhatsApp could not deliver it${code === null ? "" : ` (code ${code})`}${words ? `: ${words}` : ""}`.slice(
              0,
              500,
            ),
        })
        .where(eq(outbox.id, row.id));
      await fallBackToMail(tx, row.id);
      return true;
    }
    if (!(status in RANK)) return false;
    if (row.waStatus === "failed" || (RANK[row.waStatus ?? "queued"] ?? 0) >= RANK[status]!)
      return true;
    await tx.update(outbox).set({ waStatus: status }).where(eq(outbox.id, row.id));
    return true;
  });
}
