/**
 * Plain-text mail to the owner. Every message is written to the `outbox` table first, so nothing is
 * lost when mail is not configured or the mail server is down:
 * - SMTP_URL set: sent through nodemailer (from MAIL_FROM); the row gets `sent_at`, or `error`.
 * - SMTP_URL not set: one log line, and the row stays for the owner (`npx tsx src/server/cli/outbox.ts`).
 * Nothing here builds HTML: user text goes into the body as plain text only.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { DbOrTx } from "./db/client";
import { outbox } from "./db/schema";
import { env } from "./env";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where the owner's "Reply" goes (e.g. the customer's address). Sent over SMTP only, not stored. */
  replyTo?: string;
}

export interface MailResult {
  /** The outbox row's id. */
  id: string;
  /** True when the SMTP server accepted the message. */
  sent: boolean;
  /** Why sending failed (also stored on the outbox row). */
  error?: string;
}

/** Where owner notifications go: OWNER_EMAIL, else SUPPORT_EMAIL. */
export function ownerAddress(): string {
  const e = env();
  return e.OWNER_EMAIL ?? e.SUPPORT_EMAIL;
}

/** One line, no control characters, at most `max` characters: safe for a mail header. */
export function headerText(value: string, max = 200): string {
  const line = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
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
 * Writes the message to the outbox, then sends it when SMTP is configured.
 * An SMTP failure does not throw: it is logged, stored on the row and returned as `error`.
 * A database failure (the outbox insert) does throw.
 */
export async function sendMail(db: DbOrTx, message: MailMessage): Promise<MailResult> {
  const id = randomUUID();
  const subject = headerText(message.subject);
  const to = headerText(message.to, 320);
  await db.insert(outbox).values({ id, to, subject, body: message.text });

  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    console.info(`[mail] outbox: ${subject} -> ${to}`);
    return { id, sent: false };
  }

  try {
    await transportFor(SMTP_URL).sendMail({
      from: MAIL_FROM,
      to,
      subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: headerText(message.replyTo, 320) } : {}),
    });
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    console.error(`[mail] sending failed, kept in outbox ${id}: ${subject} -> ${to}: ${error}`);
    await db
      .update(outbox)
      .set({ error: error.slice(0, 2000) })
      .where(eq(outbox.id, id))
      .catch((dbError: unknown) => console.error("[mail] could not record the failure", dbError));
    return { id, sent: false, error };
  }
  await db
    .update(outbox)
    .set({ sentAt: new Date(), error: null })
    .where(eq(outbox.id, id))
    .catch((dbError: unknown) => console.error(`[mail] sent, but could not mark outbox ${id} as sent`, dbError));
  return { id, sent: true };
}
