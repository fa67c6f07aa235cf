/** Refunds of paid orders (docs/decisions/0057): one row per refund asked of the provider. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";

export const refunds = pgTable(
  "refunds",
  {
    /** Also the refund_id sent to the provider (alphanumeric, 3-40 characters). */
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    /** PENDING until the provider says SUCCESS, FAILED or CANCELLED (final). */
    status: text("status").notNull().default("PENDING"),
    /** Who asked: an owner's email, or "auto" (a refused quote payment). */
    requestedBy: text("requested_by").notNull(),
    /** Set once the provider accepted the request; '' = not yet sent. */
    providerRefundId: text("provider_refund_id").notNull().default(""),
    statusNote: text("status_note").notNull().default(""),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** When the refund re-check next asks the provider (null: final). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    raw: jsonb("raw"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_next_check_idx").on(t.nextCheckAt),
    check("refunds_amount_check", sql`${t.amountPaise} > 0`),
    check(
      "refunds_status_check",
      sql`${t.status} in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED')`,
    ),
  ],
);
