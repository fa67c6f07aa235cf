/**
 * Needed-by dates on the server (docs/decisions/0122-capacity-and-needed-by.md): the check of a cart
 * (or any set of lines) against the promise it would get today plus transit to the PIN, the record
 * kept with the order, and the owner's list sorted by promise with the late risks marked.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { orderNeededBy } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { loadOrderRows } from "~/features/orders/order-records.server";
import { addDays, indiaDay } from "~/lib/dates";
import { type NeededByRow, neededByVerdict, type NeededByVerdict } from "./needed-by";
import { promiseForNewOrder } from "./promise.server";
import { transit } from "./transit.server";

export interface NeededLines {
  pieces: number;
  dispatchDays: number;
}

/** Lines as checkout holds them: pieces and the slowest processing window. */
export function neededLines(
  lines: readonly { quantity: number; processingDays: number }[],
): NeededLines {
  return {
    pieces: Math.max(
      lines.reduce((sum, l) => sum + l.quantity, 0),
      1,
    ),
    dispatchDays: Math.max(...lines.map((l) => l.processingDays), 1),
  };
}

/** A quote's piece: one piece in the quote's window (its dispatchMaxDays, decision 0046). */
export function quoteLines(dispatchMaxDays: number): NeededLines {
  return { pieces: 1, dispatchDays: Math.max(dispatchMaxDays, 1) };
}

export async function checkNeededBy(
  db: DbOrTx,
  input: NeededLines & { neededBy: string; pin: string; now?: Date },
): Promise<NeededByVerdict> {
  const now = input.now ?? new Date();
  const promise = await promiseForNewOrder(db, { ...input, from: now });
  const days = Math.max(1, Math.round(await transit().days(input.pin, db)));
  return neededByVerdict(input.neededBy, promise.at, days, now);
}

/** At order creation: 400 with the plain sentence when the date cannot be made. */
export async function refuseNeededBy(
  db: DbOrTx,
  input: NeededLines & { neededBy: string; pin: string; now?: Date },
): Promise<void> {
  const verdict = await checkNeededBy(db, input);
  if (!verdict.ok) throw new HttpError(400, verdict.sentence);
}

export async function recordNeededBy(tx: Tx, orderId: string, neededBy: string): Promise<void> {
  await tx.insert(orderNeededBy).values({ orderId, neededBy }).onConflictDoNothing();
}

export async function loadNeededBy(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db.select().from(orderNeededBy).where(eq(orderNeededBy.orderId, orderId));
  return row?.neededBy ?? null;
}

/** GET /v2/admin/needed-by: orders with a needed-by date not yet shipped, closest promise first. */
export async function loadNeededByList(db: DbOrTx, now = new Date()): Promise<NeededByRow[]> {
  const wanted = await db.select().from(orderNeededBy);
  const rows = await loadOrderRows(
    db,
    wanted.map((w) => w.orderId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: NeededByRow[] = [];
  for (const w of wanted) {
    const order = byId.get(w.orderId);
    if (!order || !["pending", "processing"].includes(order.status)) continue;
    const promise = order.promisedDispatchAt;
    const days = promise
      ? Math.max(1, Math.round(await transit().days(order.shippingAddress.zipCode, db)))
      : 0;
    const arrivesBy = promise ? addDays(indiaDay(promise), days) : null;
    out.push({
      orderId: order.id,
      neededBy: w.neededBy,
      status: order.status,
      promisedDispatchAt: promise?.toISOString() ?? null,
      arrivesBy,
      atRisk:
        order.status === "processing" &&
        ((arrivesBy !== null && arrivesBy > w.neededBy) ||
          (promise !== null && promise.getTime() < now.getTime())),
    });
  }
  return out.sort(
    (a, b) =>
      (a.promisedDispatchAt ?? "9999").localeCompare(b.promisedDispatchAt ?? "9999") ||
      a.neededBy.localeCompare(b.neededBy),
  );
}
