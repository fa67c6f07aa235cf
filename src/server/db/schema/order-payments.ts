/**
 * An order's payments (docs/decisions/0204-an-order-and-its-payments.md): the order is the piece;
 * each payment that paid toward it is one row here (the order's own payment, an advance, a
 * balance, a shipping charge). `viaOrderId` is the provider's order that carried the payment (the
 * order itself, or a payment link's carrier row): unique, so a report said twice adds nothing.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

export type OrderPaymentKind = "order" | "advance" | "balance" | "shipping";

export const orderPayments = pgTable(
  "order_payments",
  {
    id: text("id").primaryKey(),
    /** The order paid for (the piece's order, never a carrier row). */
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OrderPaymentKind>().notNull(),
    amountPaise: integer("amount_paise").notNull(),
    /** The order row whose provider payment this was (the order itself, or a payment link's row). */
    viaOrderId: text("via_order_id").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_payments_via_key").on(t.viaOrderId),
    index("order_payments_order_idx").on(t.orderId),
    check("order_payments_amount_check", sql`${t.amountPaise} >= 0`),
    check(
      "order_payments_kind_check",
      sql`${t.kind} in ('order', 'advance', 'balance', 'shipping')`,
    ),
  ],
);
