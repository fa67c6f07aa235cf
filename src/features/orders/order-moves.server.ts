/**
 * The one writer of an order's status, payment state and timeline (docs/decisions/0189): checks a
 * move against ORDER_MOVES (order-moves.ts), stamps the timeline (one way: the stored timeline
 * merged with the move's stamps), sets updatedAt, and writes the move's other columns in the same
 * update. A refused move writes nothing and is an OrderMoveRefused (an HttpError: its 400 or 409).
 * tests/order-writes.test.ts fails when any other file writes those columns.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { type MovableOrder, moveRefusal, movePayment, moveRule, moveStamps } from "./order-moves";
import type { OrderMove } from "./order-moves";
import type { StoredOrder } from "./store-order.server";

/** A move the table refuses; the API answers with its status (400, or 409) and sentence. */
export class OrderMoveRefused extends HttpError {
  constructor(
    status: 400 | 409,
    message: string,
    readonly move: OrderMove,
  ) {
    super(status, message);
  }
}

/** The columns a move may write beside status, payment state, timeline and updatedAt. */
export type MoveColumns = Omit<
  Partial<typeof orders.$inferInsert>,
  "id" | "status" | "paymentStatus" | "timeline" | "updatedAt"
>;

export interface MoveOptions {
  /** When the move happened: the timeline's stamps, and updatedAt unless `now` is given. */
  at: Date;
  /** updatedAt, when it differs from `at` (a courier's event time is older than its recording). */
  now?: Date;
  /** Other columns written in the same update. */
  set?: MoveColumns;
  /** Paid and not refunded or being refunded (the owner's cancel is refused while above 0). */
  unrefundedPaise?: number;
}

type Row = MovableOrder & { id: string };

async function write(db: DbOrTx, order: Row, move: OrderMove, options: MoveOptions) {
  const rule = moveRule(move);
  const stamps = moveStamps(order, move, options.at.toISOString());
  const payment = movePayment(order, move);
  await db
    .update(orders)
    .set({
      ...options.set,
      ...(rule.to === "same" ? {} : { status: rule.to }),
      ...(payment === order.paymentStatus ? {} : { paymentStatus: payment }),
      ...(Object.keys(stamps).length
        ? { timeline: sql`${orders.timeline} || ${JSON.stringify(stamps)}::jsonb` }
        : {}),
      updatedAt: options.now ?? options.at,
    })
    .where(eq(orders.id, order.id));
}

/** Moves the order as `order` shows it (the caller's locked row); throws OrderMoveRefused. */
export async function moveOrder(
  db: DbOrTx,
  order: Row,
  move: OrderMove,
  options: MoveOptions,
): Promise<void> {
  const refused = moveRefusal(order, move, options.unrefundedPaise);
  if (refused) throw new OrderMoveRefused(refused.status, refused.message, move);
  await write(db, order, move, options);
}

/** Moves the order when the table allows it; false (nothing written) when it does not. */
export async function moveOrderIfAllowed(
  db: DbOrTx,
  order: Row,
  move: OrderMove,
  options: MoveOptions,
): Promise<boolean> {
  if (moveRefusal(order, move, options.unrefundedPaise)) return false;
  await write(db, order, move, options);
  return true;
}

/** Locks and reads the order, then moves it when the table allows; the row before, or null. */
export async function lockAndMoveOrder(
  tx: Tx,
  orderId: string,
  move: OrderMove,
  options: MoveOptions | ((order: StoredOrder) => MoveOptions),
): Promise<StoredOrder | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return null;
  const resolved = typeof options === "function" ? options(order) : options;
  return (await moveOrderIfAllowed(tx, order, move, resolved)) ? order : null;
}

/**
 * The provider order opened, or could not be (checkout's payment moves): they look only at the
 * status the caller checked before asking the provider, so the order's head is enough.
 */
export async function movePaymentOpening(
  db: DbOrTx,
  order: { id: string; status: string },
  move: "payment:opened" | "payment:unopened",
  options: MoveOptions,
): Promise<void> {
  await moveOrder(db, { ...order, paymentStatus: "", paidAt: null, timeline: {} }, move, options);
}
