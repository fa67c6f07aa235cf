/**
 * The outbox as the owner reads it (docs/decisions/0111-outbox-in-the-portal.md): every mail with its
 * state, the count of failing ones for the navigation, and resend (audited, in the same
 * transaction). The states come from the columns the background sender keeps
 * (src/server/mail.server.ts): sent_at, error, attempts.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { MAX_MAIL_ATTEMPTS } from "~/server/outbox-claim.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import type { MailState, OutboxMailJson, OutboxPage } from "./outbox-admin";

type OutboxRow = typeof outbox.$inferSelect;

export function mailState(row: Pick<OutboxRow, "sentAt" | "error" | "attempts">): MailState {
  if (row.sentAt) return "sent";
  if (row.attempts >= MAX_MAIL_ATTEMPTS) return "given-up";
  return row.error ? "failing" : "waiting";
}

function stateCondition(state: MailState): SQL {
  switch (state) {
    case "sent":
      return isNotNull(outbox.sentAt);
    case "given-up":
      return and(isNull(outbox.sentAt), gte(outbox.attempts, MAX_MAIL_ATTEMPTS))!;
    case "failing":
      return and(
        isNull(outbox.sentAt),
        isNotNull(outbox.error),
        lt(outbox.attempts, MAX_MAIL_ATTEMPTS),
      )!;
    case "waiting":
      return and(
        isNull(outbox.sentAt),
        isNull(outbox.error),
        lt(outbox.attempts, MAX_MAIL_ATTEMPTS),
      )!;
  }
}

function toJson(row: OutboxRow): OutboxMailJson {
  const state = mailState(row);
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    body: row.body,
    state,
    attempts: row.attempts,
    error: state === "sent" ? null : row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt:
      state === "waiting" || state === "failing" ? row.nextAttemptAt.toISOString() : null,
  };
}

export async function listOutbox(
  db: DbOrTx,
  filter: { state?: MailState | undefined; limit: number; offset: number },
): Promise<OutboxPage> {
  const condition = filter.state ? stateCondition(filter.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(condition)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(outbox).where(condition),
  ]);
  return { mails: rows.map(toJson), count: Number(total?.n ?? 0) };
}

/** Mails whose last attempt failed and that are not sent: failing and given up (the nav's badge). */
export async function countFailingMail(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNotNull(outbox.error)));
  return Number(row?.n ?? 0);
}

/**
 * Resend: a mail not sent yet is due again at once with a fresh count of attempts; a sent mail is
 * copied into a new outbox row (the first stays as it was sent). Answers the mail that will go.
 */
export async function resendMail(
  db: Db,
  actor: AuditActor,
  id: string,
  now = new Date(),
): Promise<OutboxMailJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for("update");
    if (!row) throw new HttpError(404, "Mail not found");
    const before = { state: mailState(row), attempts: row.attempts, error: row.error };
    let next: OutboxRow;
    if (row.sentAt) {
      [next] = (await tx
        .insert(outbox)
        .values({
          id: crypto.randomUUID(),
          to: row.to,
          subject: row.subject,
          body: row.body,
          replyTo: row.replyTo,
          createdAt: now,
          nextAttemptAt: now,
          // A WhatsApp message is resent on WhatsApp (decision 0237), its fallback mail not again.
          channel: row.channel,
          waTemplate: row.waTemplate,
          waLanguage: row.waLanguage,
          waParams: row.waParams,
          waStatus: row.channel === "whatsapp" ? "queued" : null,
          fallbackTo: row.fallbackTo,
        })
        .returning()) as [OutboxRow];
    } else {
      [next] = (await tx
        .update(outbox)
        .set({
          attempts: 0,
          error: null,
          nextAttemptAt: now,
          ...(row.channel === "whatsapp" ? { waStatus: "queued", waErrorCode: null } : {}),
        })
        .where(eq(outbox.id, id))
        .returning()) as [OutboxRow];
    }
    await recordAudit(tx, actor, {
      action: "outbox.resend",
      entity: "outbox",
      entityId: id,
      before,
      after: { state: mailState(next), mailId: next.id, subject: row.subject },
    });
    return toJson(next);
  });
}
