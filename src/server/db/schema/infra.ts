/** Plumbing tables: the mail outbox and rate-limit counters. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** The outbox's channels: mail (SMTP) and WhatsApp (Cloud API, docs/decisions/0237-whatsapp-channel.md). */
export type OutboxChannel = "mail" | "whatsapp";

/**
 * Messages waiting to be delivered: mail (sent through SMTP when configured; otherwise it stays here
 * to be read) and WhatsApp template messages (`to` is the number in digits, `subject` names the
 * event, `body` the text as the template would read, for the owner's outbox and the demo page).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    /** Sent over SMTP as Reply-To (e.g. the customer who wrote an inquiry). */
    replyTo: text("reply_to"),
    /** Delivery attempts so far; the background sender stops after MAX_MAIL_ATTEMPTS. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    channel: text("channel").$type<OutboxChannel>().notNull().default("mail"),
    /** A WhatsApp row's template name, language code (en, hi) and body parameters, in order. */
    waTemplate: text("wa_template"),
    waLanguage: text("wa_language"),
    waParams: jsonb("wa_params").$type<string[]>(),
    /** Meta's message id (wamid) once the Cloud API accepted the message; statuses name it. */
    waMessageId: text("wa_message_id"),
    /** The last status Meta reported: accepted, sent, delivered, read, failed. */
    waStatus: text("wa_status"),
    /** Meta's error code of a failed message (131026 undeliverable, 131047 outside the 24 h window...). */
    waErrorCode: integer("wa_error_code"),
    /** Where a failed WhatsApp message falls back to (the customer's email), and that mail once written. */
    fallbackTo: text("fallback_to"),
    fallbackMailId: text("fallback_mail_id"),
  },
  (t) => [index("outbox_wa_message_idx").on(t.waMessageId)],
);

/** Fixed-window counters for rate limits; in the database so several app servers share them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
