/**
 * Dispatch promises from the studio's capacity on the server (docs/decisions/0122-capacity-and-needed-by.md):
 * the studio's settings and the queue of paid, not yet dispatched work, read through the settings
 * store and the orders feature's records (decision 0062), then the pure arithmetic of capacity.ts.
 */
import type { DbOrTx } from "~/server/db/client";
import { log } from "~/server/log/logger";
import { openWorkQueue, orderLineNotes } from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { readSection } from "~/features/settings/settings-store.server";
import { type DispatchPromise, promiseFor, queueWeeks, type QueueWeek } from "./capacity";
import { expectMaterialsOfProducts } from "./materials.server";
import { studioSection } from "./studio-settings.server";
import { DAY_MS } from "~/lib/dates";

function windowOnly(from: Date, dispatchDays: number): DispatchPromise {
  const at = new Date(from.getTime() + dispatchDays * DAY_MS);
  return { at, window: at, queueDay: null, by: "window" };
}

/** The promise an order of `pieces` with this processing window would get if paid at `from`. */
export async function promiseForNewOrder(
  db: DbOrTx,
  input: { pieces: number; dispatchDays: number; from: Date; exceptOrderId?: string },
): Promise<DispatchPromise> {
  const { value: studio, version } = await readSection(db, studioSection);
  // Until the owner sets the studio's capacity, the processing window alone (decision 0046).
  if (version === 0) return windowOnly(input.from, input.dispatchDays);
  const queue = await openWorkQueue(db, input.exceptOrderId);
  const ahead = queue
    .filter((q) => q.paidAt.getTime() <= input.from.getTime())
    .reduce((sum, q) => sum + q.pieces, 0);
  return promiseFor(studio, { ...input, ahead });
}

/**
 * At the paid transition: the promise stored on the order (a shipping charge keeps its plain
 * window); a varmala catalogue order also starts expecting the customer's parcel.
 */
export async function promiseAtPayment(
  db: DbOrTx,
  order: Pick<StoredOrder, "id" | "kind" | "dispatchDays">,
  paidAt: Date,
): Promise<Date> {
  if (order.kind === "shipping") return new Date(paidAt.getTime() + order.dispatchDays * DAY_MS);
  const lines = await orderLineNotes(db, order.id);
  // A varmala catalogue order waits for the customer's flowers (docs/decisions/0123).
  if (order.kind === "catalogue")
    await expectMaterialsOfProducts(
      db,
      order.id,
      lines.flatMap((l) => (l.productId ? [l.productId] : [])),
      paidAt,
    );
  const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
  const promise = await promiseForNewOrder(db, {
    pieces: Math.max(pieces, 1),
    dispatchDays: order.dispatchDays,
    from: paidAt,
    exceptOrderId: order.id,
  });
  return promise.at;
}

export interface QueueView {
  weeks: QueueWeek[];
  orders: { id: string; pieces: number; paidAt: string; promisedDispatchAt: string | null }[];
}

/** GET /v2/admin/studio/queue: the queue week by week, and its orders in order. */
export async function loadQueueView(
  db: DbOrTx,
  weeks: number,
  now = new Date(),
): Promise<QueueView> {
  const [{ value: studio }, queue] = await Promise.all([
    readSection(db, studioSection),
    openWorkQueue(db),
  ]);
  return {
    weeks: queueWeeks(studio, queue, now, weeks),
    orders: queue.map((q) => ({
      id: q.id,
      pieces: q.pieces,
      paidAt: q.paidAt.toISOString(),
      promisedDispatchAt: q.promisedDispatchAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The promise one more piece with this processing window would get if ordered now (the product
 * page's line and its delivery estimate), or null when it cannot be read (logged; the page shows
 * the plain window instead).
 */
export async function promiseToday(
  db: DbOrTx,
  processingDays: number,
  now = new Date(),
): Promise<DispatchPromise | null> {
  try {
    return await promiseForNewOrder(db, { pieces: 1, dispatchDays: processingDays, from: now });
  } catch (error) {
    log.error("[promise today] could not be read", error);
    return null;
  }
}

/** Whole days from `now` to a promise, at least 1 (the delivery estimate counts from it). */
export function daysUntil(at: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / DAY_MS));
}
