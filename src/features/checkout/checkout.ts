/** Checkout rules without I/O: phone normalisation, order totals, the create-order body. */
import { z } from "zod";

export { normaliseIndianPhone } from "./phone";

export interface PricedLine {
  quantity: number;
  pricePaise: number;
}

/** Order pricing (SPEC §4): shipping 0 and discount 0 at order time; shipping is charged at dispatch. */
export function orderTotals(lines: readonly PricedLine[]): {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
} {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.pricePaise, 0);
  return { subtotal, discount: 0, shipping: 0, total: subtotal };
}

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

/** Payment statuses the shop stores on an order. */
export const PAYMENT_STATUS = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  dropped: "Cancelled",
  expired: "Expired",
  mismatch: "Amount mismatch",
  /** A second payment of a quote already paid (features/custom): recorded, to be refunded. */
  refused: "Refused",
} as const;
