/** Checkout rules without I/O: phone normalisation, the create-order body (totals: orders/order-rules). */
import { z } from "zod";

export { normaliseIndianPhone } from "./phone";
// The order rules every kind of order shares live with orders (docs/decisions/0061).
export { orderTotals, PAYMENT_STATUS, type PricedLine } from "../orders/order-rules";

export const createOrderBody = z.object({
  customer_name: z.string().trim().min(1, "enter your name").max(100),
  customer_email: z.email("enter a valid email address").max(320),
  customer_phone: z.string().max(40),
  /** Ignored for money: the server prices the order from the cart. */
  order_amount: z.unknown().optional(),
  address_id: z.string().min(1, "choose a saved address").max(100),
  idempotency_key: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "use letters, digits, _ and - only")
    .optional(),
  notes: z.string().max(1000).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;
