/**
 * Rules every order follows, whatever made it (cart checkout, a paid quote, a shipping charge):
 * the payment statuses an order stores and its totals at creation. Pure; browser-safe. Storing an
 * order: store-order.server.ts (docs/decisions/0061-one-order-store.md).
 */

/** Payment statuses the shop stores on an order (docs/decisions/0014). */
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

export interface PricedLine {
  quantity: number;
  pricePaise: number;
}

/**
 * Order pricing (docs/product.md §4): shipping 0 at order time (charged at dispatch); the discount is
 * a code's, priced by the server (docs/decisions/0095-discount-codes.md), 0 without one.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  discountPaise = 0,
): {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
} {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.pricePaise, 0);
  const discount = Math.max(0, Math.min(discountPaise, subtotal));
  return { subtotal, discount, shipping: 0, total: subtotal - discount };
}
