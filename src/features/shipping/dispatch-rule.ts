/**
 * The dispatch rule as the shipping feature sees it (docs/decisions/0130-one-dispatch-rule.md):
 * what stops an order leaving the studio. The rule is made-to-order's (`dispatchHolds`); the
 * routes and the background jobs hand it in, since made-to-order imports shipping (decision 0062).
 */
import type { DbOrTx } from "~/server/db/client";
import { HttpError } from "~/server/http";

export interface DispatchHold {
  /** The owner's sentence when a booking is refused. */
  refusal: string;
  /** How the order's log says it left anyway ("the balance unpaid"). */
  note: string;
}

export type DispatchHolds = (db: DbOrTx, orderId: string) => Promise<DispatchHold[]>;

/** 409 with the holds' sentences: nothing is booked or marked shipped while one stands. */
export async function refuseWhileHeld(
  holds: DispatchHolds,
  db: DbOrTx,
  orderId: string,
): Promise<void> {
  const found = await holds(db, orderId);
  if (found.length) throw new HttpError(409, found.map((h) => h.refusal).join(" "));
}

/** The order's log line for a parcel that left with holds standing, or null. */
export function leftWithHolds(found: readonly DispatchHold[], awb: string): string | null {
  if (!found.length) return null;
  return `Parcel ${awb} was picked up with ${found.map((h) => h.note).join(" and ")}.`;
}
