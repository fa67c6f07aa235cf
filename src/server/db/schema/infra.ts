/** Plumbing tables: the mail outbox and rate-limit counters. */
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Mail to the owner. Sent through SMTP when configured; otherwise it stays here to be read. */
export const outbox = pgTable("outbox", {
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
});

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
