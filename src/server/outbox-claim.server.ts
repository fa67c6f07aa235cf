/**
 * What the outbox's background senders share (mail: src/server/mail.server.ts; WhatsApp:
 * src/features/whatsapp/sender.server.ts; docs/decisions/0015-mail-outbox.md, 0237): the claim of
 * due rows and one retry schedule. A row is claimed with FOR UPDATE SKIP LOCKED and pushed 10
 * minutes on in the same statement, so two app servers never send one row at once; a failed
 * attempt waits `mailBackoffMs`, and after MAX_MAIL_ATTEMPTS the row stays with its error.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rawRows } from "./db/raw-rows";

/** A row that failed this many times stays in the outbox with its error, for the owner to see. */
export const MAX_MAIL_ATTEMPTS = 8;

/** Wait before attempt n+1 after n failures: 1 min, 2, 4, ... capped at 2 hours. */
export function mailBackoffMs(failures: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failures - 1), 2 * 60 * 60_000);
}

/** When a row that has failed `failures` times is tried again. */
export const retryAt = (failures: number): Date => new Date(Date.now() + mailBackoffMs(failures));

/**
 * Claims up to `batch` due unsent rows of `channel`, oldest first, counting the attempt; answers
 * them with `columns` (a constant list of outbox columns, never user input).
 */
export function claimDueOutbox<Row>(
  db: Db,
  channel: "mail" | "whatsapp",
  columns: string,
  now: Date,
  batch: number,
): Promise<Row[]> {
  return rawRows<Row>(
    db,
    sql`
    update outbox set attempts = attempts + 1,
      next_attempt_at = ${new Date(now.getTime() + 10 * 60_000)}
    where id in (
      select id from outbox
      where channel = ${channel} and sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}
        and next_attempt_at <= ${now}
      order by created_at limit ${batch} for update skip locked)
    returning ${sql.raw(columns)}`,
  );
}
