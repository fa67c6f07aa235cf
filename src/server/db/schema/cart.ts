/** Server carts, one per user. */
import { sql } from "drizzle-orm";
import type { VariantChoice } from "~/lib/variant-choice";
import { check, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { PersonalisedValue } from "~/lib/personalisation-types";
import { createdAt, updatedAt } from "./columns";
import { products } from "./catalogue";
import { users } from "./accounts";

/** One server cart per user. */
export const carts = pgTable("carts", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  updatedAt: updatedAt(),
});

/** The chosen option of each variant group, as stored on a cart or order line. */
export type { VariantChoice };

export const cartItems = pgTable(
  "cart_items",
  {
    id: text("id").primaryKey(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Canonical key of the variant choice (sorted variant ids), so equal choices share one line. */
    variantKey: text("variant_key").notNull().default(""),
    variant: jsonb("variant").$type<VariantChoice>().notNull().default({}),
    quantity: integer("quantity").notNull(),
    /** Unit price decided by the server: base + chosen variants, in paise. */
    pricePaise: integer("price_paise").notNull(),
    note: text("note").notNull().default(""),
    /** The filled personalisation fields (docs/decisions/0229); their key is part of variantKey. */
    personalisation: jsonb("personalisation").$type<PersonalisedValue[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check("cart_items_quantity_check", sql`${t.quantity} >= 1`),
    check("cart_items_price_check", sql`${t.pricePaise} >= 0`),
    uniqueIndex("cart_items_line_key").on(t.cartId, t.productId, t.variantKey),
  ],
);
