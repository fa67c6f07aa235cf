/**
 * An order's write: its row and its lines in one statement (decision 0280; the lines' foreign key
 * is checked when the statement ends), built once per number of lines
 * (docs/decisions/0332-the-order-write-built-once.md, 0331): the same text Drizzle built for each
 * order before, each run only filling its values (each through its column's encoder). Server only;
 * store-order.server.ts decides what is written.
 */
import { sql } from "drizzle-orm";
import { builtOnce } from "~/server/db/built-once";
import type { Tx } from "~/server/db/client";
import { orderItems, orders } from "~/server/db/schema";
import { PAYMENT_STATUS } from "./order-rules";

type OrderRow = typeof orders.$inferInsert;
type ItemRow = typeof orderItems.$inferInsert;

/** The order row's values (the fixed ones, its status and methods, are in the statement). */
export interface OrderValues {
  id: string;
  userId: string;
  kind: OrderRow["kind"];
  quoteId: string | null;
  claimEmail: string;
  returnPath: string;
  subtotalPaise: number;
  /** The discount, written as both `discount_paise` and `coupon_discount_paise`. */
  discountPaise: number;
  couponCode: string;
  shippingPaise: number;
  /** The total, written as both `total_paise` and `payment_amount_paise`. */
  totalPaise: number;
  /** The shipping and billing name. */
  person: OrderRow["shippingName"];
  /** The shipping and billing address. */
  address: OrderRow["shippingAddress"];
  notes: string;
  buyerGstin: string;
  timeline: OrderRow["timeline"];
  provider: OrderRow["provider"];
  idempotencyKey: string | null;
  cartFingerprint: string;
  expiresAt: Date;
  dispatchDays: number;
  /** Written as both `created_at` and `updated_at`. */
  now: Date;
}

/** One line's values. */
export interface OrderLineValues {
  lineId: string;
  productId: string | null;
  productName: string;
  productImage: string;
  productWeightGrams: number;
  variant: ItemRow["variant"];
  quantity: number;
  pricePaise: number;
  productNote: string;
  personalisation: ItemRow["personalisation"];
  lineDiscountPaise: number;
}

/** The fields of a line as the statement names its placeholders (`<field><line>`). */
const LINE_FIELDS = [
  "lineId",
  "productId",
  "productName",
  "productImage",
  "productWeightGrams",
  "variant",
  "quantity",
  "pricePaise",
  "productNote",
  "personalisation",
  "lineDiscountPaise",
] as const satisfies readonly (keyof OrderLineValues)[];

const orderWrite = builtOnce(
  (lines: number) => String(lines),
  (lines, db) => {
    const at = (name: keyof OrderValues) => sql.placeholder(name);
    const orderRow = db
      .insert(orders)
      .values({
        id: at("id"),
        userId: at("userId"),
        kind: at("kind"),
        quoteId: at("quoteId"),
        claimEmail: at("claimEmail"),
        returnPath: at("returnPath"),
        status: "pending",
        subtotalPaise: at("subtotalPaise"),
        discountPaise: at("discountPaise"),
        couponCode: at("couponCode"),
        couponDiscountPaise: at("discountPaise"),
        shippingPaise: at("shippingPaise"),
        totalPaise: at("totalPaise"),
        shippingName: at("person"),
        billingName: at("person"),
        shippingAddress: at("address"),
        billingAddress: at("address"),
        paymentMethod: "UPI",
        paymentStatus: PAYMENT_STATUS.pending,
        paymentAmountPaise: at("totalPaise"),
        shippingMethod: "standard",
        notes: at("notes"),
        buyerGstin: at("buyerGstin"),
        timeline: at("timeline"),
        provider: at("provider"),
        idempotencyKey: at("idempotencyKey"),
        cartFingerprint: at("cartFingerprint"),
        expiresAt: at("expiresAt"),
        dispatchDays: at("dispatchDays"),
        createdAt: at("now"),
        updatedAt: at("now"),
      })
      .getSQL();
    const lineRows = db.insert(orderItems).values(
      Array.from({ length: lines }, (_, i) => {
        const field = (name: (typeof LINE_FIELDS)[number]) => sql.placeholder(`${name}${i}`);
        return {
          id: field("lineId"),
          orderId: at("id"),
          productId: field("productId"),
          productName: field("productName"),
          productImage: field("productImage"),
          productWeightGrams: field("productWeightGrams"),
          variant: field("variant"),
          quantity: field("quantity"),
          pricePaise: field("pricePaise"),
          productNote: field("productNote"),
          personalisation: field("personalisation"),
          discountPaise: field("lineDiscountPaise"),
        };
      }),
    );
    return sql`with stored_order as (${orderRow}) ${lineRows.getSQL()}`;
  },
);

/** Writes the order's row and its lines (at least one) in one statement, in `tx`. */
export async function writeOrder(
  tx: Tx,
  order: OrderValues,
  lines: readonly OrderLineValues[],
): Promise<void> {
  const values: Record<string, unknown> = { ...order };
  lines.forEach((line, i) => {
    for (const field of LINE_FIELDS) values[`${field}${i}`] = line[field];
  });
  await orderWrite.rows(tx, lines.length, values);
}
