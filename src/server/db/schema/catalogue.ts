/** The catalogue: categories, products and their variants, images, attributes, tags; the homepage listing. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PersonalisationField } from "~/lib/personalisation-types";
import { createdAt, updatedAt } from "./columns";

/** A collection. `id` doubles as its label (e.g. "Wall Art"), as the spec says. */
export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name"),
    img: text("img").notNull().default(""),
    show: smallint("show").notNull().default(1),
    /** The collection's default HSN code and GST rate for its products (null: the shop's default). */
    hsn: text("hsn"),
    gstRate: numeric("gst_rate", { precision: 5, scale: 2, mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("categories_show_check", sql`${t.show} in (0, 1)`),
    check("categories_gst_rate_check", sql`${t.gstRate} in (0, 0.25, 1.5, 3, 5, 12, 18, 28, 40)`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
    comparePricePaise: integer("compare_price_paise").notNull().default(0),
    costPricePaise: integer("cost_price_paise").notNull().default(0),
    currency: text("currency").notNull().default("INR"),
    categoryId: text("category_id").references(() => categories.id, {
      onUpdate: "cascade",
      onDelete: "set null",
    }),
    status: text("status").notNull().default("active"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    sku: text("sku").notNull().unique(),
    sale: boolean("sale").notNull().default(false),
    weightGrams: integer("weight_grams").notNull().default(0),
    /** Days from payment to dispatch at the latest (the order's promise, decision 0046); 20 is the policy's longest. */
    processingDays: integer("processing_days").notNull().default(20),
    /** The packed parcel's size in whole centimetres (0: not given; the default package applies). */
    lengthCm: integer("length_cm").notNull().default(0),
    breadthCm: integer("breadth_cm").notNull().default(0),
    heightCm: integer("height_cm").notNull().default(0),
    /** HSN code and GST rate (docs/decisions/0085); null: the category's, else the shop's default. */
    hsn: text("hsn"),
    gstRate: numeric("gst_rate", { precision: 5, scale: 2, mode: "number" }),
    /** The shopper's personalisation fields, in order (docs/decisions/0229-personalisation-fields.md). */
    personalisation: jsonb("personalisation").$type<PersonalisationField[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "products_price_check",
      sql`${t.pricePaise} >= 0 and ${t.comparePricePaise} >= 0 and ${t.costPricePaise} >= 0`,
    ),
    check("products_weight_check", sql`${t.weightGrams} >= 0`),
    check(
      "products_size_check",
      sql`${t.lengthCm} between 0 and 300 and ${t.breadthCm} between 0 and 300 and ${t.heightCm} between 0 and 300`,
    ),
    check("products_processing_days_check", sql`${t.processingDays} between 1 and 90`),
    check("products_gst_rate_check", sql`${t.gstRate} in (0, 0.25, 1.5, 3, 5, 12, 18, 28, 40)`),
    check("products_status_check", sql`${t.status} in ('active', 'inactive')`),
    check("products_currency_check", sql`${t.currency} = 'INR'`),
    check(
      "products_rating_check",
      sql`${t.rating} >= 0 and ${t.rating} <= 5 and ${t.reviewCount} >= 0`,
    ),
    index("products_status_created_idx").on(t.status, t.createdAt),
    index("products_category_idx").on(t.categoryId),
  ],
);

/** One option of a variant group: `name` is the group ("Size"), `value` the option ("A4"). */
export const productVariants = pgTable(
  "product_variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull(),
    pricePaise: integer("price_paise").notNull().default(0),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("product_variants_price_check", sql`${t.pricePaise} >= 0`),
    uniqueIndex("product_variants_option_key").on(t.productId, t.name, t.value),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    isPrimary: boolean("is_primary").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const productAttributes = pgTable(
  "product_attributes",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_attributes_product_idx").on(t.productId, t.position)],
);

export const productTags = pgTable(
  "product_tags",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tag] })],
);

/** The homepage "Spotlight Selections" listing (at most 8, enforced where it is written). */
export const homeProducts = pgTable("home_products", {
  productId: text("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The catalogue's version: one row (id 1), bumped by `catalogueChanged(tx)` in the same transaction
 * as every catalogue write, so app servers know when their in-memory catalogue is out of date
 * (docs/decisions/0040-catalogue-cache.md). No row yet reads as version 0.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: integer("version").notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("catalogue_version_single_row", sql`${t.id} = 1`)],
);
