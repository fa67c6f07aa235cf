/** Orders, their lines, and the payments the providers reported. */
import { sql } from "drizzle-orm";
import type { OrderAddress, PersonName } from "~/lib/address";
import type { PersonalisedValue } from "~/lib/personalisation-types";
import type { VariantChoice } from "~/lib/variant-choice";
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
import { createdAt, updatedAt } from "./columns";
import { products } from "./catalogue";
import { users } from "./accounts";

export type { OrderAddress, PersonName };

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /**
     * The human order number (#1001), one sequence for the shop (decision 0208): filled by the
     * database at insert, so two app servers never share one; quoted on the phone and searchable.
     */
    number: integer("number").notNull().generatedByDefaultAsIdentity({ startWith: 1001 }),
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
    /** What the couriers charge the shop for this order's shipments, paise (docs/shipping.md). */
    courierCostPaise: integer("courier_cost_paise").notNull().default(0),
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
    /** Custom work (docs/decisions/0046): catalogue, custom (a paid quote) or shipping (a shipping charge). */
    kind: text("kind").$type<"catalogue" | "custom" | "shipping">().notNull().default("catalogue"),
    /** The quote this order pays (kind custom or shipping); no foreign key (quotes reference orders). */
    quoteId: text("quote_id"),
    /** Processing window's last day, counted from payment: promisedDispatchAt = paidAt + dispatchDays. */
    dispatchDays: integer("dispatch_days").notNull().default(20),
    promisedDispatchAt: timestamp("promised_dispatch_at", { withTimezone: true }),
    /** A quote paid without an account: the (lower-case) email that may see it once verified. */
    claimEmail: text("claim_email").notNull().default(""),
    /** Where the payment page sends the browser back ('' = /verify-order/{id}). */
    returnPath: text("return_path").notNull().default(""),
    /** The buyer's GSTIN when they gave one at checkout or on the quote page (docs/decisions/0085). */
    buyerGstin: text("buyer_gstin").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_number_key").on(t.number),
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_payment_session_key")
      .on(t.paymentSessionId)
      .where(sql`${t.paymentSessionId} <> ''`),
    index("orders_next_check_idx").on(t.nextCheckAt),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`,
    ),
    check(
      "orders_money_check",
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.totalPaise} >= 0 and ${t.paymentAmountPaise} >= 0 and ${t.shippingCostPaise} >= 0 and ${t.couponDiscountPaise} >= 0`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    // The dashboard's newest-first pages (docs/decisions/0053-admin-lists-on-the-server.md).
    index("orders_created_id_idx").on(t.createdAt, t.id),
    index("orders_claim_email_idx").on(t.claimEmail).where(sql`${t.claimEmail} <> ''`),
    index("orders_quote_idx").on(t.quoteId),
    check("orders_kind_check", sql`${t.kind} in ('catalogue', 'custom', 'shipping')`),
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
    /** The filled personalisation fields as ordered (docs/decisions/0229). */
    personalisation: jsonb("personalisation").$type<PersonalisedValue[]>().notNull().default([]),
    /** This line's share of the order's code discount (docs/decisions/0095), paise; lines sum to it. */
    discountPaise: integer("discount_paise").notNull().default(0),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} >= 1`),
    check("order_items_price_check", sql`${t.pricePaise} >= 0 and ${t.discountPaise} >= 0`),
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
    /**
     * The order's amount as the provider reports it for this payment's order (paid is decided on it,
     * docs/decisions/0055); `amountPaise` is what the payment took (fees or offers may differ).
     */
    orderAmountPaise: integer("order_amount_paise"),
    /** Service charge + tax the customer paid on top (Cashfree's payment_surcharge), paise. */
    feesPaise: integer("fees_paise").notNull().default(0),
    /** Offers applied to the payment, as the provider reported them. */
    offers: jsonb("offers"),
    /** When the payment reached its final state (Cashfree's payment_completion_time). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Every status this payment id went through, oldest first: { status, at, source }. */
    history: jsonb("history")
      .$type<{ status: string; at: string; source: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payments_order_idx").on(t.orderId)],
);

/**
 * An order's log for the owner (docs/decisions/0056): payment status changes, webhook events the
 * shop records without acting on (settlement, dispute), the end of the re-check, refunds.
 */
export const orderLog = pgTable(
  "order_log",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    data: jsonb("data"),
  },
  (t) => [index("order_log_order_idx").on(t.orderId, t.at)],
);

/** Every correctly signed webhook, once (its event id): replays answer 200 and change nothing. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    type: text("type").notNull(),
    /** No foreign key: an event may name an order this shop does not have. */
    orderId: text("order_id"),
    body: jsonb("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_events_order_idx").on(t.orderId)],
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
  (t) => [
    index("local_payments_order_idx").on(t.orderId),
    // One session takes one outcome that pays (concurrent Pay clicks, docs/decisions/0058).
    uniqueIndex("local_payments_one_success").on(t.orderId).where(sql`${t.status} = 'SUCCESS'`),
  ],
);
