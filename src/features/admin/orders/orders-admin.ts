/**
 * The owner's view of orders, pure and safe in the browser: the status moves the owner may make
 * (docs/decisions/0023-order-transitions.md; the dashboard offers only what the server would
 * accept) and the order shape the portal reads (docs/product.md §3 plus the payment's details).
 */
import type { OrderJson } from "../../orders/orders";
import type { OrderStatus } from "../../orders/status";

export const ADMIN_TARGETS = ["processing", "shipped", "delivered", "cancelled"] as const;
export type AdminTarget = (typeof ADMIN_TARGETS)[number];

/** Where an order in `from` may go. Never back to pending; nothing out of delivered or cancelled. */
const ALLOWED: Record<OrderStatus, readonly AdminTarget[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

/** The statuses an order in `from` may move to (none for an unknown status). */
export function allowedTargets(from: string): readonly AdminTarget[] {
  return ALLOWED[from as OrderStatus] ?? [];
}

/** null when allowed, else the reason (a 400 message). */
export function transitionError(from: string, to: string): string | null {
  if (!(ADMIN_TARGETS as readonly string[]).includes(to))
    return "status must be processing, shipped, delivered or cancelled";
  const allowed = ALLOWED[from as OrderStatus];
  if (!allowed) return `An order with status ${from} cannot be changed`;
  if (from === to) return `The order is already ${to}`;
  if (!allowed.includes(to as AdminTarget)) return `An order cannot move from ${from} to ${to}`;
  return null;
}

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
}

export type OrderCounts = Record<OrderStatus, number>;
