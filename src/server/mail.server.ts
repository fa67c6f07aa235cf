/**
 * Plain-text mail. Every message is written to the `outbox` table only, in the caller's transaction
 * (docs/decisions/0015-mail-outbox.md); a background sender (`deliverDueMail`, run by the server's
 * background jobs) delivers it:
 * - SMTP_URL set: sent through nodemailer (from MAIL_FROM); the row gets `sent_at`, or `error` and a
 *   later attempt (backoff), up to MAX_MAIL_ATTEMPTS; then it stays with its error.
 * - SMTP_URL not set: one log line, and the row stays for the owner (`npx tsx src/server/cli/outbox.ts`).
 * Nothing here builds HTML: user text goes into the body as plain text only.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "./db/client";
import { outbox } from "./db/schema";
import { env } from "./env";
import { log } from "./log/logger";
import { claimDueOutbox, MAX_MAIL_ATTEMPTS, retryAt } from "./outbox-claim.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where the owner's "Reply" goes (e.g. the customer's address). */
  replyTo?: string;
}

export interface MailResult {
  /** The outbox row's id. */
  id: string;
  /** Always false: delivery happens later, in the background sender. */
  sent: boolean;
}

/** Where owner notifications go: OWNER_EMAIL, else SUPPORT_EMAIL. */
export function ownerAddress(): string {
  const e = env();
  return e.OWNER_EMAIL ?? e.SUPPORT_EMAIL;
}

/** One line, no control characters, at most `max` characters: safe for a mail header. */
export function headerText(value: string, max = 200): string {
  const line = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;
let transport: { url: string; transport: Transport } | undefined;

function transportFor(url: string): Transport {
  if (transport?.url !== url) {
    transport?.transport.close();
    // The url's own settings win; these only bound how long a request can wait on a slow server.
    transport = {
      url,
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return transport.transport;
}

/** Forgets the cached SMTP transport (tests that change SMTP_URL call it with resetEnvForTests). */
export function resetMailForTests(): void {
  transport?.transport.close();
  transport = undefined;
}

/**
 * Writes the message to the outbox, and nothing else: call it inside the transaction of the event
 * that causes the mail, so the mail exists exactly when the event does. It never talks to SMTP,
 * so it never blocks or fails a request; `deliverDueMail` (the background sender) delivers it.
 * Throws only when the insert fails (the caller's transaction then fails with it).
 */
export async function sendMail(db: DbOrTx, message: MailMessage): Promise<MailResult> {
  const id = randomUUID();
  const subject = headerText(message.subject);
  const to = headerText(message.to, 320);
  const replyTo = message.replyTo ? headerText(message.replyTo, 320) : null;
  await db.insert(outbox).values({ id, to, subject, body: message.text, replyTo });
  if (!env().SMTP_URL) log.info(`[mail] outbox: mail ${id} waits (no SMTP_URL)`);
  return { id, sent: false };
}

/** What the shop mailed to one address (any case), oldest first: the owner's record of a conversation. */
export async function mailsTo(
  db: DbOrTx,
  address: string,
  limit = 50,
): Promise<{ subject: string; body: string; createdAt: string; sentAt: string | null }[]> {
  const rows = await db
    .select({
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(sql`lower(${outbox.to}) = ${address.toLowerCase()}`)
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
  return rows.map((m) => ({
    subject: m.subject,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  }));
}

/**
 * The background sender: delivers due outbox rows through SMTP (nothing to do without SMTP_URL).
 * Rows are claimed as src/server/outbox-claim.server.ts says, so several app servers never send
 * the same mail at once. Answers how many were sent.
 */
export async function deliverDueMail(
  db: Db,
  now = new Date(),
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) return { sent: 0, failed: 0 };
  type Row = {
    id: string;
    to: string;
    subject: string;
    body: string;
    reply_to: string | null;
    attempts: number;
  };
  const rows = await claimDueOutbox<Row>(
    db,
    "mail",
    `id, "to", subject, body, reply_to, attempts`,
    now,
    batch,
  );
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await transportFor(SMTP_URL).sendMail({
        from: MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.body,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
      sent++;
      await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
    } catch (cause) {
      failed++;
      const error = cause instanceof Error ? cause.message : String(cause);
      const last = row.attempts >= MAX_MAIL_ATTEMPTS;
      log.error(
        `[mail] mail ${row.id}: attempt ${row.attempts} failed${last ? " (giving up; kept in the outbox)" : ""}: ${error}`,
      );
      await db
        .update(outbox)
        .set({
          error: error.slice(0, 2000),
          nextAttemptAt: retryAt(row.attempts),
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return { sent, failed };
}
