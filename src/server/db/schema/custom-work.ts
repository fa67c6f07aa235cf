/**
 * Custom work (decisions 0045 and 0046): the owner's quotes for inquiries, the events around them (sent, revised,
 * withdrawn, a refused second payment), and the studio stages of an order.
 * docs/decisions/0045-custom-work-quotes.md, 0046-dispatch-promise-and-stages.md.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PersonalisationField } from "~/lib/personalisation-types";
import { createdAt, updatedAt } from "./columns";
import { customInquiries } from "./inquiries";
import { orders } from "./orders";

/** draft -> sent -> paid; sent -> replaced (revised) or withdrawn; expiry is read from expires_at. */
export const QUOTE_STATUSES = ["draft", "sent", "replaced", "withdrawn", "paid"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A quote (kind quote, for an inquiry) or a shipping-charge request (kind shipping, for an order). */
export const quotes = pgTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<"quote" | "shipping">().notNull().default("quote"),
    inquiryId: text("inquiry_id").references(() => customInquiries.id, { onDelete: "restrict" }),
    /** kind shipping: the order whose shipping charge this is. */
    forOrderId: text("for_order_id").references(() => orders.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
    shippingEstimatePaise: integer("shipping_estimate_paise").notNull().default(0),
    dispatchMinDays: integer("dispatch_min_days").notNull().default(5),
    dispatchMaxDays: integer("dispatch_max_days").notNull().default(20),
    /** Which studio stages the order follows: varmala or custom. */
    stageSet: text("stage_set").$type<"varmala" | "custom">().notNull().default("custom"),
    referenceImage: text("reference_image").notNull().default(""),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status").$type<QuoteStatus>().notNull().default("draft"),
    /** SHA-256 (hex) of the link's token; the token itself is never stored. */
    tokenHash: text("token_hash"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Revised: the quote that replaced this one (its page is reached through this quote's link). */
    replacedBy: text("replaced_by"),
    paidOrderId: text("paid_order_id").references(() => orders.id, { onDelete: "restrict" }),
    /**
     * The product whose personalisation fields the customer fills before paying, and those fields
     * as they were when the quote was written (docs/decisions/0266-quotes-carry-personalisation.md).
     */
    personalisationProductId: text("personalisation_product_id"),
    personalisationFields: jsonb("personalisation_fields")
      .$type<PersonalisationField[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_token_hash_key").on(t.tokenHash),
    index("quotes_inquiry_idx").on(t.inquiryId),
    index("quotes_for_order_idx").on(t.forOrderId),
    check(
      "quotes_status_check",
      sql`${t.status} in ('draft', 'sent', 'replaced', 'withdrawn', 'paid')`,
    ),
    check("quotes_kind_check", sql`${t.kind} in ('quote', 'shipping')`),
    check("quotes_money_check", sql`${t.pricePaise} >= 0 and ${t.shippingEstimatePaise} >= 0`),
    check(
      "quotes_days_check",
      sql`${t.dispatchMinDays} >= 1 and ${t.dispatchMaxDays} >= ${t.dispatchMinDays}`,
    ),
  ],
);

/** What happened to a quote, for the owner: sent, revised, withdrawn, pay-refused (a second payment). */
export const quoteEvents = pgTable(
  "quote_events",
  {
    id: text("id").primaryKey(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    orderId: text("order_id"),
    createdAt: createdAt(),
  },
  (t) => [index("quote_events_quote_idx").on(t.quoteId)],
);

/** A studio stage the owner marked done on an order, with a note and photo URLs. */
export const orderStages = pgTable(
  "order_stages",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    note: text("note").notNull().default(""),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_stages_key").on(t.orderId, t.stage)],
);
