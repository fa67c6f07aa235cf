/** Checkout rules without I/O: phone normalisation, the create-order body (totals: orders/order-rules). */
import { z } from "zod/mini";
import {
  emailField,
  idempotencyKey,
  indianMobile,
  noControlCharacters,
  optionalText,
  personName,
} from "~/lib/fields";
import { couponCode } from "~/features/discounts/discount-schema";

import { neededByDate } from "~/features/made-to-order/needed-by";
import { buyerGstinField } from "~/features/books/buyer-gstin";

export { normaliseIndianPhone } from "~/lib/phone";
// The order rules every kind of order shares live with orders (docs/decisions/0061).
export { orderTotals, PAYMENT_STATUS, type PricedLine } from "~/features/orders/order-rules";

export const createOrderBody = z.object({
  customer_name: personName("customer_name", { required: "enter your name" }),
  customer_email: emailField({
    required: "enter a valid email address",
    invalid: "enter a valid email address",
    max: 320,
  }),
  customer_phone: z
    .string({ error: "customer_phone is required" })
    .check(z.maxLength(40), noControlCharacters("customer_phone", true)),
  /** Ignored for money: the server prices the order from the cart. */
  order_amount: z.optional(z.unknown()),
  address_id: z
    .string({ error: "choose a saved address" })
    .check(z.minLength(1, "choose a saved address"), z.maxLength(100)),
  idempotency_key: z.optional(idempotencyKey),
  notes: z.optional(optionalText("notes", 1000)),
  coupon_code: z.optional(couponCode),
  /** The date the piece is needed by, checked before payment (docs/decisions/0122). */
  needed_by: z.optional(neededByDate),
  /** The buyer's GSTIN for the invoice (docs/decisions/0085); optional. */
  buyer_gstin: z.optional(buyerGstinField),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/**
 * The checkout island's form (CheckoutForm): the chosen saved address and the UPI contact number.
 * A missing address or a bad number also shows the spec's toast (CHECKOUT_TOASTS in checkout-flow).
 */
export const checkoutForm = z.object({
  addressId: z
    .string({ error: "Choose a shipping address" })
    .check(z.minLength(1, "Choose a shipping address")),
  phone: indianMobile(),
  buyerGstin: z.optional(buyerGstinField),
});
export type CheckoutFormValues = z.input<typeof checkoutForm>;
