/**
 * The order's moves (docs/decisions/0023-order-transitions.md, 0189-one-order-state-machine.md): every
 * change of an order's status, payment state and timeline, who may cause it, from where, why a move is
 * refused. Pure, browser-safe; the one writer is order-moves.server.ts. Decision 0023's table is
 * rendered from ORDER_MOVES (renderMoveTable; tests/order-moves-doc.test.ts keeps the doc equal).
 */
import { PAYMENT_STATUS } from "./order-rules";
import { ORDER_STATUSES, type OrderStatus } from "./status";

/** Who causes a move. */
export type MoveCause = "owner" | "payment" | "courier" | "refund" | "expiry" | "claim";

/** What of an order a move looks at. */
export interface MovableOrder {
  status: string;
  paymentStatus: string;
  paidAt: Date | string | null;
  timeline: Record<string, string>;
}

export interface MoveRule {
  by: MoveCause;
  /** What happens, for the doc. */
  what: string;
  from: readonly OrderStatus[];
  /** The status after the move; "same" keeps it. */
  to: OrderStatus | "same";
  /** The payment state after the move; absent keeps it. */
  payment?: string;
  /** A payment state the move leaves as it is (an amount mismatch stays visible). */
  keepsPayment?: string;
  /** Timeline entries stamped with the move's time. */
  stamps: readonly OrderStatus[];
  /** Entries stamped only when missing (a parcel delivered before its pickup was reported). */
  fills?: readonly OrderStatus[];
  /** A further condition: the refusal's sentence when it fails, else null; `text` for the doc. */
  unless?: { text: string; refuses: (order: MovableOrder, unrefundedPaise: number) => boolean };
}

const OPEN: readonly OrderStatus[] = ["pending", "processing", "shipped"];
const everPaid = (o: MovableOrder) => Boolean(o.paidAt);
const mismatched = (o: MovableOrder) => o.paymentStatus === PAYMENT_STATUS.mismatch;

/** Decision 0023's moves and the rest, by name. */
export const ORDER_MOVES = {
  "owner:processing": {
    by: "owner",
    what: "starts work",
    from: ["pending"],
    to: "processing",
    stamps: ["processing"],
  },
  "owner:shipped": {
    by: "owner",
    what: "ships (tracking number, shipping cost)",
    from: ["processing"],
    to: "shipped",
    stamps: ["shipped"],
  },
  "owner:delivered": {
    by: "owner",
    what: "marks delivered",
    from: ["shipped"],
    to: "delivered",
    stamps: ["delivered"],
  },
  "owner:cancelled": {
    by: "owner",
    what: "cancels (lost or returned in transit too)",
    from: OPEN,
    to: "cancelled",
    stamps: ["cancelled"],
    unless: {
      text: "refused (409) while paid money is neither refunded nor being refunded: Cancel order and refund in full does both",
      refuses: (_, unrefunded) => unrefunded > 0,
    },
  },
  "refund:cancelled": {
    by: "refund",
    what: "Cancel order and refund in full",
    from: OPEN,
    to: "cancelled",
    stamps: ["cancelled"],
  },
  "payment:opened": {
    by: "payment",
    what: "provider order opened",
    from: ["pending"],
    to: "same",
    payment: PAYMENT_STATUS.pending,
    stamps: [],
  },
  "payment:unopened": {
    by: "payment",
    what: "provider order could not be opened",
    from: ["pending"],
    to: "same",
    payment: PAYMENT_STATUS.failed,
    stamps: [],
  },
  "payment:paid": {
    by: "payment",
    what: "paid (late: after expiry)",
    from: ["pending", "cancelled"],
    to: "processing",
    payment: PAYMENT_STATUS.paid,
    stamps: ["processing"],
    unless: {
      text: "not out of cancelled if ever paid",
      refuses: (o) => o.status === "cancelled" && everPaid(o),
    },
  },
  "payment:refused": {
    by: "payment",
    what: "refused: a quote's payment (decision 0045), a piece sold meanwhile (0217)",
    from: ["pending", "cancelled"],
    to: "cancelled",
    payment: PAYMENT_STATUS.refused,
    stamps: ["cancelled"],
  },
  "payment:mismatch": {
    by: "payment",
    what: "amount mismatch",
    from: ["pending"],
    to: "same",
    payment: PAYMENT_STATUS.mismatch,
    stamps: [],
  },
  "payment:failed": {
    by: "payment",
    what: "failed",
    from: ["pending"],
    to: "same",
    payment: PAYMENT_STATUS.failed,
    stamps: [],
    unless: { text: "not after an amount mismatch", refuses: mismatched },
  },
  "payment:dropped": {
    by: "payment",
    what: "dropped by the shopper",
    from: ["pending"],
    to: "same",
    payment: PAYMENT_STATUS.dropped,
    stamps: [],
    unless: { text: "not after an amount mismatch", refuses: mismatched },
  },
  "expiry:cancelled": {
    by: "expiry",
    what: "unpaid in time",
    from: ["pending"],
    to: "cancelled",
    payment: PAYMENT_STATUS.expired,
    keepsPayment: PAYMENT_STATUS.mismatch,
    stamps: ["cancelled"],
    unless: { text: "not if ever paid", refuses: everPaid },
  },
  "courier:shipped": {
    by: "courier",
    what: "parcel picked up",
    from: ["processing"],
    to: "shipped",
    stamps: ["shipped"],
  },
  "courier:delivered": {
    by: "courier",
    what: "every parcel delivered",
    from: ["processing", "shipped"],
    to: "delivered",
    stamps: ["delivered"],
    fills: ["shipped"],
  },
  "claim:replacement": {
    by: "claim",
    what: "a damage claim's free replacement starts work, nothing to pay (decision 0248)",
    from: ["pending"],
    to: "processing",
    payment: PAYMENT_STATUS.paid,
    stamps: ["processing"],
  },
} as const satisfies Record<string, MoveRule>;

export type OrderMove = keyof typeof ORDER_MOVES;
export const moveRule = (move: OrderMove): MoveRule => ORDER_MOVES[move];

/** The statuses the owner's status control offers (never pending). */
export const ADMIN_TARGETS = ["processing", "shipped", "delivered", "cancelled"] as const;
export type AdminTarget = (typeof ADMIN_TARGETS)[number];

/** The owner's move to a status. */
export const ownerMove = (to: AdminTarget): OrderMove => `owner:${to}`;

/** The statuses an order in `from` may be moved to by the owner (none for an unknown status). */
export function allowedTargets(from: string): readonly AdminTarget[] {
  return ADMIN_TARGETS.filter((to) =>
    (moveRule(ownerMove(to)).from as readonly string[]).includes(from),
  );
}

/** Why the table refuses a move: the sentence and its HTTP status (400, or 409 for money). */
export interface MoveRefusal {
  status: 400 | 409;
  message: string;
}

/** null when the move is allowed, else why not. `unrefundedPaise`: paid and not (being) refunded. */
export function moveRefusal(
  order: MovableOrder,
  move: OrderMove,
  unrefundedPaise = 0,
): MoveRefusal | null {
  const rule = moveRule(move);
  const from = order.status;
  const to = rule.to === "same" ? from : rule.to;
  if (!(ORDER_STATUSES as readonly string[]).includes(from))
    return { status: 400, message: `An order with status ${from} cannot be changed` };
  if (!(rule.from as readonly string[]).includes(from))
    return {
      status: 400,
      message:
        from === to ? `The order is already ${to}` : `An order cannot move from ${from} to ${to}`,
    };
  if (rule.unless?.refuses(order, unrefundedPaise))
    return rule.by === "owner"
      ? { status: 409, message: PAID_CANCEL_REFUSED }
      : {
          status: 400,
          message: `An order cannot move from ${from} to ${to} (${rule.unless.text})`,
        };
  return null;
}

/** The owner's plain cancel of a paid order (docs/decisions/0190-cancel-with-refund.md). */
export const PAID_CANCEL_REFUSED =
  'This order is paid: cancel it with "Cancel order and refund in full" under Payments and refunds, so the money goes back in the same step.';

/** The timeline entries a move writes at `at` (ISO), given what the order already has. */
export function moveStamps(
  order: MovableOrder,
  move: OrderMove,
  at: string,
): Record<string, string> {
  const rule = moveRule(move);
  const stamps: Record<string, string> = {};
  for (const status of rule.stamps) stamps[status] = at;
  for (const status of rule.fills ?? []) if (!order.timeline[status]) stamps[status] = at;
  return stamps;
}

/** The payment state after a move. */
export function movePayment(order: MovableOrder, move: OrderMove): string {
  const rule = moveRule(move);
  if (!rule.payment || order.paymentStatus === rule.keepsPayment) return order.paymentStatus;
  return rule.payment;
}
