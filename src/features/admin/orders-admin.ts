/**
 * Order status moves the owner may make (docs/decisions/0023-order-transitions.md). Pure: the
 * dashboard greys out what the server would refuse.
 */
import type { OrderStatus } from "../orders/status";

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

/** null when allowed, else the reason (a 400 message). */
export function transitionError(from: string, to: string): string | null {
  if (!(ADMIN_TARGETS as readonly string[]).includes(to)) return "status must be processing, shipped, delivered or cancelled";
  const allowed = ALLOWED[from as OrderStatus];
  if (!allowed) return `An order with status ${from} cannot be changed`;
  if (from === to) return `The order is already ${to}`;
  if (!allowed.includes(to as AdminTarget)) return `An order cannot move from ${from} to ${to}`;
  return null;
}
