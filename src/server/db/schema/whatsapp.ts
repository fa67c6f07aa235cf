/**
 * WhatsApp consent (docs/decisions/0238-whatsapp-consent.md): a customer's separate choice to get
 * order updates on WhatsApp, with the number, the words they agreed to and when; withdrawn in the
 * profile or by replying STOP. Without an active row nothing is sent on WhatsApp.
 */
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const whatsappConsents = pgTable(
  "whatsapp_consents",
  {
    id: text("id").primaryKey(),
    /** The customer's email, lower case: the events (orders, quotes) know the customer by it. */
    email: text("email").notNull(),
    /** The account, when the choice was made signed in (no foreign key: the record outlives it). */
    userId: text("user_id"),
    /** The number in international digits without "+" (919876543210), as Meta's API takes it. */
    phone: text("phone").notNull(),
    /** The exact words shown beside the choice. */
    wording: text("wording").notNull(),
    /** Where it was given: checkout, quote, profile. */
    source: text("source").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** How it was withdrawn: profile, stop (a STOP reply), erasure. */
    withdrawnBy: text("withdrawn_by"),
  },
  (t) => [
    index("whatsapp_consents_email_idx").on(t.email),
    index("whatsapp_consents_phone_idx").on(t.phone),
  ],
);
