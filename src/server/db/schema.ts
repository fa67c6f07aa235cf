/**
 * The one database schema (Postgres dialect), shared by PGlite and PostgreSQL.
 *
 * Money is integer paise everywhere (`*_paise` columns); weights are integer grams.
 * Checks live in the database too, so a bug in a handler cannot store a negative price.
 * After editing: `npm run db:generate` writes the next migration under ./migrations.
 */
import { sql } from "drizzle-orm";
import type { OrderAddress, PersonName } from "../../lib/order-shapes";
import type { VariantChoice } from "../../lib/variant-choice";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A shopper or an administrator; `id` is the Firebase uid. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    displayName: text("display_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    dateOfBirth: text("date_of_birth").notNull().default(""),
    gender: text("gender").notNull().default(""),
    role: text("role").notNull().default("customer"),
    cartId: text("cart_id").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    check("users_gender_check", sql`${t.gender} in ('', 'male', 'female', 'other')`),
    check("users_role_check", sql`${t.role} in ('customer', 'tm_admin')`),
  ],
);

/** A saved address; its id is chosen by the client (a time string), unique per user. */
export const addresses = pgTable(
  "addresses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    type: text("type").notNull().default("Other"),
    fName: text("f_name").notNull(),
    lName: text("l_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("India"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    check("addresses_type_check", sql`${t.type} in ('Home', 'Work', 'Other')`),
  ],
);

/** A collection. `id` doubles as its label (e.g. "Wall Art"), as the spec says. */
export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name"),
    img: text("img").notNull().default(""),
    show: smallint("show").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [check("categories_show_check", sql`${t.show} in (0, 1)`)],
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
    categoryId: text("category_id").references(() => categories.id, { onUpdate: "cascade", onDelete: "set null" }),
    status: text("status").notNull().default("active"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    sku: text("sku").notNull().unique(),
    sale: boolean("sale").notNull().default(false),
    weightGrams: integer("weight_grams").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_price_check", sql`${t.pricePaise} >= 0 and ${t.comparePricePaise} >= 0 and ${t.costPricePaise} >= 0`),
    check("products_weight_check", sql`${t.weightGrams} >= 0`),
    check("products_status_check", sql`${t.status} in ('active', 'inactive')`),
    check("products_currency_check", sql`${t.currency} = 'INR'`),
    check("products_rating_check", sql`${t.rating} >= 0 and ${t.rating} <= 5 and ${t.reviewCount} >= 0`),
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
    createdAt: createdAt(),
  },
  (t) => [
    check("cart_items_quantity_check", sql`${t.quantity} >= 1`),
    check("cart_items_price_check", sql`${t.pricePaise} >= 0`),
    uniqueIndex("cart_items_line_key").on(t.cartId, t.productId, t.variantKey),
  ],
);

export type { OrderAddress, PersonName };

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending"),
    subtotalPaise: integer("subtotal_paise").notNull(),
    discountPaise: integer("discount_paise").notNull().default(0),
    shippingPaise: integer("shipping_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
    shippingName: jsonb("shipping_name").$type<PersonName>().notNull(),
    billingName: jsonb("billing_name").$type<PersonName>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>().notNull(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>().notNull(),
    paymentMethod: text("payment_method").notNull().default("UPI"),
    paymentStatus: text("payment_status").notNull().default("Pending"),
    transactionId: text("transaction_id").notNull().default(""),
    paymentAmountPaise: integer("payment_amount_paise").notNull().default(0),
    shippingMethod: text("shipping_method").notNull().default("standard"),
    shippingCostPaise: integer("shipping_cost_paise").notNull().default(0),
    trackingNumber: text("tracking_number").notNull().default(""),
    couponCode: text("coupon_code").notNull().default(""),
    couponDiscountPaise: integer("coupon_discount_paise").notNull().default(0),
    notes: text("notes").notNull().default(""),
    /** status -> ISO timestamp of when the order reached it. */
    timeline: jsonb("timeline").$type<Record<string, string>>().notNull().default({}),
    /** Checkout (docs/decisions/0014-payment-providers-exactly-once.md): which provider holds the payment order. */
    provider: text("provider").notNull().default(""),
    providerOrderId: text("provider_order_id").notNull().default(""),
    paymentSessionId: text("payment_session_id").notNull().default(""),
    /** The client's key for one checkout attempt; a retry with the same key answers the same order. */
    idempotencyKey: text("idempotency_key"),
    /** Hash of the cart, address and phone: a retried request without a key finds its pending order. */
    cartFingerprint: text("cart_fingerprint").notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the pending-order re-check next looks at this order (null: never again). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    upiId: text("upi_id").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_payment_session_key").on(t.paymentSessionId).where(sql`${t.paymentSessionId} <> ''`),
    index("orders_next_check_idx").on(t.nextCheckAt),
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check(
      "orders_money_check",
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.totalPaise} >= 0 and ${t.paymentAmountPaise} >= 0 and ${t.shippingCostPaise} >= 0 and ${t.couponDiscountPaise} >= 0`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    /** A snapshot of the product as sold; later edits to the product do not change the order. */
    productName: text("product_name").notNull(),
    productImage: text("product_image").notNull().default(""),
    productWeightGrams: integer("product_weight_grams").notNull().default(0),
    variant: jsonb("variant").$type<VariantChoice>().notNull().default({}),
    quantity: integer("quantity").notNull(),
    pricePaise: integer("price_paise").notNull(),
    productNote: text("product_note").notNull().default(""),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} >= 1`),
    check("order_items_price_check", sql`${t.pricePaise} >= 0`),
    index("order_items_order_idx").on(t.orderId),
  ],
);

/** Every payment the provider told us about, once: de-duplicates webhook retries. */
export const payments = pgTable(
  "payments",
  {
    providerPaymentId: text("provider_payment_id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    status: text("status").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    paymentTime: timestamp("payment_time", { withTimezone: true }),
    upiId: text("upi_id").notNull().default(""),
    /** What this payment did to the order: paid, late-paid, mismatch, duplicate, failed, dropped, pending. */
    outcome: text("outcome").notNull().default(""),
    raw: jsonb("raw").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("payments_order_idx").on(t.orderId)],
);

/**
 * The local test provider's own ledger (PAYMENT_PROVIDER=local, demo mode only): the payments the
 * stand-in hosted page /pay/local/{session} took. Read back by the local provider as a real
 * provider's "get payments" would be.
 */
export const localPayments = pgTable(
  "local_payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    upiId: text("upi_id").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("local_payments_order_idx").on(t.orderId)],
);

/** Custom-order inquiries: stored before anything else happens, so none is ever lost. */
export const customInquiries = pgTable(
  "custom_inquiries",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    productType: text("product_type").notNull(),
    colors: text("colors").notNull().default(""),
    size: text("size").notNull().default(""),
    budget: text("budget").notNull().default(""),
    description: text("description").notNull().default(""),
    clientKey: text("client_key").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("custom_inquiries_created_idx").on(t.createdAt)],
);

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
