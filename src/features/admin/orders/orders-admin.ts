/**
 * The owner's view of orders, pure and safe in the browser: the status moves the owner may make
 * (docs/decisions/0023-order-transitions.md; the dashboard offers only what the server would
 * accept) and the order shape the portal reads (docs/product.md §3 plus the payment's details).
 */
import type { OrderJson } from "~/features/orders/orders";
import type { OrderStatus } from "~/features/orders/status";

/** The owner's moves come from the one table (docs/decisions/0189-one-order-state-machine.md). */
export { ADMIN_TARGETS, allowedTargets, type AdminTarget } from "~/features/orders/order-moves";

/** An order as the portal reads it: docs/product.md §3, plus what the provider reported about the payment. */
export interface AdminOrderJson extends OrderJson {
  payment: OrderJson["payment"] & {
    /** Which provider holds the payment (cashfree, local). */
    provider: string;
    /** The UPI id the shopper paid from, as the provider reported it. */
    upiId: string;
    /** When the payment was recorded (ISO), or null while unpaid. */
    paidAt: string | null;
  };
  /** The order's photos with an original kept for printing (decision 0285); the detail only. */
  photoOriginals?: string[];
}

export type OrderCounts = Record<OrderStatus, number>;
