/**
 * Discount codes and their uses, and the forgotten-cart reminder's consent and sends
 * (docs/decisions/0095-discount-codes.md, 0174-code-uses-count-when-paid.md,
 * 0097-forgotten-cart-reminder.md).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";

/** A code the owner made: stored upper-case, matched without case. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    /** `percent` (percentBasisPoints) or `fixed` (amountPaise). */
    kind: text("kind").$type<"percent" | "fixed">().notNull(),
    /** A percentage in hundredths of a percent: 1050 = 10.5 %. */
    percentBasisPoints: integer("percent_basis_points").notNull().default(0),
    amountPaise: integer("amount_paise").notNull().default(0),
    /** The order's subtotal must reach this (0: no minimum). */
    minOrderPaise: integer("min_order_paise").notNull().default(0),
    /** A percentage code's largest discount (null: no cap). */
    capPaise: integer("cap_paise"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Paid uses in all (null: no limit). */
    totalUses: integer("total_uses"),
    /** Paid uses per shopper (null: no limit). */
    usesPerShopper: integer("uses_per_shopper"),
    /** Only these products or these categories' products (both empty: every product). */
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    /** Whether a quote's pay page takes it. */
    forQuotes: boolean("for_quotes").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_key").on(t.code),
    check("discount_codes_kind_check", sql`${t.kind} in ('percent', 'fixed')`),
    check(
      "discount_codes_money_check",
      sql`${t.percentBasisPoints} between 0 and 10000 and ${t.amountPaise} >= 0 and ${t.minOrderPaise} >= 0 and (${t.capPaise} is null or ${t.capPaise} > 0)`,
    ),
    check(
      "discount_codes_uses_check",
      sql`(${t.totalUses} is null or ${t.totalUses} > 0) and (${t.usesPerShopper} is null or ${t.usesPerShopper} > 0)`,
    ),
  ],
);

/**
 * One order's use of a code: held from create-order while the order can be paid (`heldUntil`, and
 * the order still pending with its payment Pending; the hold counts only against its own shopper),
 * counted for good once paid (`usedAt`; decision 0174). No foreign key to orders (the discounts feature owns
 * only its own tables); the order id is the key.
 */
export const discountUses = pgTable(
  "discount_uses",
  {
    orderId: text("order_id").primaryKey(),
    codeId: text("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    userId: text("user_id").notNull(),
    discountPaise: integer("discount_paise").notNull(),
    /** The order's total after the discount. */
    orderTotalPaise: integer("order_total_paise").notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_uses_code_idx").on(t.codeId, t.userId),
    check("discount_uses_money_check", sql`${t.discountPaise} >= 0 and ${t.orderTotalPaise} >= 0`),
  ],
);

/** A shopper's choice about reminder mail (off unless they said yes). */
export const reminderConsents = pgTable("reminder_consents", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  consented: boolean("consented").notNull().default(false),
  /** Where the choice was made: signup, profile, unsubscribe. */
  source: text("source").notNull().default(""),
  /** The unsubscribe link's secret: random, unguessable, works without signing in (decision 0097). */
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  updatedAt: updatedAt(),
});

/** The one reminder sent for a cart as it stood (`cartChangedAt`): never a second for it. */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cartChangedAt: timestamp("cart_changed_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_reminders_once").on(t.userId, t.cartChangedAt)],
);
