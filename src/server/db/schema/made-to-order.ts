/**
 * Made to order (docs/decisions/0121-proofs.md): the proof rounds of an order (mock-up images and
 * the owner's message, the customer's answer) and the products whose personalised lines need no
 * proof.
 */
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { products } from "./catalogue";
import { quotes } from "./custom-work";
import { orders } from "./orders";

/** awaiting (sent, no answer yet) -> approved or changes (the customer asked for changes). */
export const PROOF_STATUSES = ["awaiting", "approved", "changes"] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** One proof round: kept, never overwritten, so the order's whole exchange stays readable. */
export const orderProofs = pgTable(
  "order_proofs",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1, 2, ... in the order they were sent. */
    round: integer("round").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    message: text("message").notNull().default(""),
    status: text("status").$type<ProofStatus>().notNull().default("awaiting"),
    /** The customer's message with their answer (required when asking for changes). */
    reply: text("reply").notNull().default(""),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /**
     * Set when the customer corrected the personalisation while this round awaited its answer: the
     * round is closed as "changes" and the studio sends a new one (docs/decisions/0287-*.md).
     */
    outdatedAt: timestamp("outdated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_proofs_round_key").on(t.orderId, t.round),
    check("order_proofs_status_check", sql`${t.status} in ('awaiting', 'approved', 'changes')`),
    check("order_proofs_round_check", sql`${t.round} >= 1`),
  ],
);

/** Products the owner sells without a proof, even with a personalisation note ("Skip proofs"). */
export const proofSkippedProducts = pgTable("proof_skipped_products", {
  productId: text("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** The date the customer needs the piece by (docs/decisions/0122-capacity-and-needed-by.md), checked before payment. */
export const orderNeededBy = pgTable("order_needed_by", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** India day, "YYYY-MM-DD". */
  neededBy: text("needed_by").notNull(),
  createdAt: createdAt(),
});

/**
 * The customer's own materials (a varmala's flowers) for an order (docs/decisions/0123-customer-materials.md):
 * the reference to write on the parcel, the courier and tracking number they sent it with, and the
 * owner's receipt (condition photos and a note). A row exists for every order that expects a parcel.
 */
export const orderMaterials = pgTable("order_materials", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  reference: text("reference").notNull(),
  /** When the order was paid: parcels not received 10 days later are listed for the owner. */
  expectedSince: timestamp("expected_since", { withTimezone: true }).notNull(),
  courier: text("courier").notNull().default(""),
  tracking: text("tracking").notNull().default(""),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  receivedAt: timestamp("received_at", { withTimezone: true }),
  receivedNote: text("received_note").notNull().default(""),
  receivedPhotos: jsonb("received_photos").$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * A quote that asks for an advance (docs/decisions/0124-deposits.md): the split of its price, and
 * the balance's payment link (a payment quote for the order, like a shipping charge) once sent.
 */
export const quoteDeposits = pgTable(
  "quote_deposits",
  {
    quoteId: text("quote_id")
      .primaryKey()
      .references(() => quotes.id, { onDelete: "cascade" }),
    advancePaise: integer("advance_paise").notNull(),
    balancePaise: integer("balance_paise").notNull(),
    /** The balance's payment quote (kind shipping, for the advance's order). */
    balanceQuoteId: text("balance_quote_id"),
    balancePaidAt: timestamp("balance_paid_at", { withTimezone: true }),
    /** Reminders mailed for the unpaid balance (at most two: 3 and 7 days after the link). */
    balanceReminders: integer("balance_reminders").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("quote_deposits_money_check", sql`${t.advancePaise} > 0 and ${t.balancePaise} > 0`),
    uniqueIndex("quote_deposits_balance_key").on(t.balanceQuoteId),
  ],
);
