/**
 * Stock of ready-made pieces (docs/decisions/0216-stock-modes-and-holds.md): a product's stock mode
 * (no row: made to order), its counts on the shelf (one for the product, or one per variant option
 * combination), the holds unpaid orders keep while they can be paid, and the owner's adjustments.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { products } from "./catalogue";
import { orders } from "./orders";

/** A product's stock mode; the row every hold and sale of the product locks first. */
export const productStock = pgTable(
  "product_stock",
  {
    productId: text("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    /** made_to_order (no count), in_stock (a count), one_of_a_kind (a count of at most 1). */
    mode: text("mode").$type<"made_to_order" | "in_stock" | "one_of_a_kind">().notNull(),
    /** "Only N left" shows at or under this many. */
    lowStockAt: integer("low_stock_at").notNull().default(2),
    /** Counted per variant option combination (stock_levels rows with a combination key). */
    byCombination: boolean("by_combination").notNull().default(false),
    /** When the low-stock mail last went (cleared when the count rises above the threshold). */
    lowMailedAt: timestamp("low_mailed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "product_stock_mode_check",
      sql`${t.mode} in ('made_to_order', 'in_stock', 'one_of_a_kind')`,
    ),
    check("product_stock_low_check", sql`${t.lowStockAt} between 0 and 100000`),
  ],
);

/** Pieces on the shelf: `combo` '' for the whole product, else the sorted option ids (cart.ts variantKey). */
export const stockLevels = pgTable(
  "stock_levels",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combo: text("combo").notNull().default(""),
    onHand: integer("on_hand").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.combo] }),
    check("stock_levels_on_hand_check", sql`${t.onHand} between 0 and 1000000`),
  ],
);

/** What an unpaid order holds while it can be paid: held, then sold or released, once. */
export const stockHolds = pgTable(
  "stock_holds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combo: text("combo").notNull().default(""),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    state: text("state").$type<"held" | "sold" | "released">().notNull().default("held"),
    /** Why it was released (failed, cancelled, expired, replaced), or '' while held or sold. */
    releasedBecause: text("released_because").notNull().default(""),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("stock_holds_quantity_check", sql`${t.quantity} > 0`),
    check("stock_holds_state_check", sql`${t.state} in ('held', 'sold', 'released')`),
    index("stock_holds_order_idx").on(t.orderId),
    index("stock_holds_product_state_idx").on(t.productId, t.state),
  ],
);

/** The owner's changes of a count, with the reason (also in the audit trail). */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combo: text("combo").notNull().default(""),
    change: integer("change").notNull(),
    onHandAfter: integer("on_hand_after").notNull(),
    reason: text("reason").$type<"counted" | "damaged" | "made_more" | "returned">().notNull(),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "stock_adjustments_reason_check",
      sql`${t.reason} in ('counted', 'damaged', 'made_more', 'returned')`,
    ),
    index("stock_adjustments_product_idx").on(t.productId, t.createdAt),
  ],
);
