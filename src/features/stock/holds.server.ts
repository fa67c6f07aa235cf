/**
 * Holds, sales and releases (docs/decisions/0216-stock-modes-and-holds.md, 0217-late-payment-
 * after-sale.md). Every write locks the products' product_stock rows first (SELECT ... FOR UPDATE,
 * in product id order, so two writers never wait on each other in a circle): two shoppers can
 * never both hold or buy the last piece. A hold lives until its order's payment window ends
 * (the provider order's expiry); it becomes a sale when paid and is released once when the
 * attempt fails, is cancelled, expires or is replaced (an UPDATE ... WHERE state = 'held').
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { orders, productStock, stockHolds, stockLevels } from "~/server/db/schema";
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import { HttpError } from "~/server/http";
import { variantKeyOf } from "./combo";
import { mailIfLow } from "./low-stock.server";
import { checkoutRefusal } from "./stock";
import { availabilityIn, levelKey, loadStock } from "./stock.server";

export interface HoldLine {
  productId: string | null;
  name: string;
  variant: Readonly<Record<string, { id: string }>>;
  quantity: number;
}

export type ReleaseReason = "failed" | "cancelled" | "expired" | "replaced" | "sold-out";

/** Locks the products' stock rows in id order; answers the tracked ones (not made to order). */
async function lockTracked(tx: Tx, productIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ productId: productStock.productId, mode: productStock.mode })
    .from(productStock)
    .where(inArray(productStock.productId, ids))
    .orderBy(asc(productStock.productId))
    .for("update");
  return new Set(rows.filter((r) => r.mode !== "made_to_order").map((r) => r.productId));
}

const holdId = () => `sh_${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;

/**
 * What create-order's one read already says (docs/decisions/0280): whether the order was just
 * inserted (it holds nothing yet), which of its products are counted in stock, and whether the
 * shopper's other unpaid orders hold any. Read after the cart lock, which every create-order of
 * this shopper takes first, so no hold of theirs can appear or go meanwhile.
 */
export interface HoldKnown {
  fresh: boolean;
  tracked: ReadonlySet<string>;
  userHolds: boolean;
}

/**
 * Create-order, in its transaction: releases the shopper's other unpaid orders' holds (the new
 * attempt replaces them), then holds this order's pieces until `order.expiresAt`, or refuses with
 * checkout's sentence (a 400; the caller's transaction writes nothing). An order already holding
 * (a retried press) is left as it is. With `known`, a cart of made-to-order products from a shopper
 * holding nothing costs no statement at all.
 */
export async function holdOrderStock(
  tx: Tx,
  order: { id: string; userId: string; expiresAt: Date | null },
  lines: readonly HoldLine[],
  now: Date,
  known?: HoldKnown,
): Promise<void> {
  const wanted = lines.filter(
    (l): l is HoldLine & { productId: string } =>
      Boolean(l.productId) && (!known || known.tracked.has(l.productId!)),
  );
  const tracked = await lockTracked(
    tx,
    wanted.map((l) => l.productId),
  );
  if (!known?.fresh) {
    const [live] = await tx
      .select({ id: stockHolds.id })
      .from(stockHolds)
      .where(and(eq(stockHolds.orderId, order.id), inArray(stockHolds.state, ["held", "sold"])))
      .limit(1);
    if (live) return;
  }
  if (!known || known.userHolds) await releaseUserHolds(tx, order.userId, order.id, now);
  if (tracked.size === 0) return;
  const views = await loadStock(tx, [...tracked], now);
  const sums = new Map<
    string,
    { productId: string; key: string; name: string; quantity: number }
  >();
  for (const line of wanted) {
    const view = views.get(line.productId);
    if (!tracked.has(line.productId) || !view) continue;
    const key = levelKey(view, variantKeyOf(line.variant));
    const id = `${line.productId}\u0000${key}`;
    const sum = sums.get(id) ?? { productId: line.productId, key, name: line.name, quantity: 0 };
    sum.quantity += line.quantity;
    sums.set(id, sum);
  }
  for (const sum of sums.values()) {
    const left = availabilityIn(views.get(sum.productId), sum.key).left ?? 0;
    if (sum.quantity > left)
      throw new HttpError(400, checkoutRefusal(sum.name, left, sum.quantity));
  }
  const expiresAt = order.expiresAt ?? now;
  if (sums.size > 0)
    await tx.insert(stockHolds).values(
      [...sums.values()].map((s) => ({
        id: holdId(),
        orderId: order.id,
        productId: s.productId,
        combo: s.key,
        quantity: s.quantity,
        expiresAt,
        createdAt: now,
      })),
    );
}

/** The shopper's other unpaid orders' holds go back: a new checkout attempt replaces them. */
async function releaseUserHolds(tx: Tx, userId: string, keep: string, now: Date): Promise<void> {
  await tx
    .update(stockHolds)
    .set({ state: "released", releasedBecause: "replaced", settledAt: now })
    .where(
      and(
        eq(stockHolds.state, "held"),
        sql`${stockHolds.orderId} <> ${keep}`,
        inArray(
          stockHolds.orderId,
          tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)),
        ),
      ),
    );
}

/**
 * The order's holds go back, once: answers how many were released (0 when none was held: a
 * repeated webhook, a retry, an order that never held anything).
 */
export async function releaseOrderStock(
  tx: Tx,
  orderId: string,
  because: ReleaseReason,
  now: Date,
): Promise<number> {
  const released = await tx
    .update(stockHolds)
    .set({ state: "released", releasedBecause: because, settledAt: now })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, "held")))
    .returning({ id: stockHolds.id });
  return released.length;
}

/**
 * The paid transition, in recordPayment's transaction: the order's latest holds become a sale
 * ("sold"), taking the pieces off the shelf. A hold that lapsed or was released still sells when
 * the pieces are free; when they are not (sold to someone else meanwhile) the holds are released
 * and the answer is "gone": the payment is refunded in full (decision 0217). "none": nothing held.
 */
export async function sellOrderStock(
  tx: Tx,
  orderId: string,
  now: Date,
): Promise<"sold" | "none" | "gone"> {
  const rows = await tx
    .select()
    .from(stockHolds)
    .where(eq(stockHolds.orderId, orderId))
    .orderBy(asc(stockHolds.createdAt), asc(stockHolds.id));
  if (rows.length === 0) return "none";
  if (rows.some((r) => r.state === "sold")) return "sold";
  // The latest attempt's lines (a re-held order has older released rows too).
  const latest = rows.filter((r) => r.createdAt.getTime() === rows.at(-1)!.createdAt.getTime());
  await lockTracked(
    tx,
    latest.map((r) => r.productId),
  );
  const views = await loadStock(
    tx,
    latest.map((r) => r.productId),
    now,
    { exceptOrder: orderId },
  );
  const fits = latest.every((r) => {
    const view = views.get(r.productId);
    const onHand = view?.onHand.get(r.combo) ?? 0;
    return onHand - (view?.held.get(r.combo) ?? 0) >= r.quantity;
  });
  if (!fits) {
    await releaseOrderStock(tx, orderId, "sold-out", now);
    return "gone";
  }
  for (const r of latest)
    await tx
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} - ${r.quantity}`, updatedAt: now })
      .where(and(eq(stockLevels.productId, r.productId), eq(stockLevels.combo, r.combo)));
  // The attempt's holds become the sale in one statement.
  await tx
    .update(stockHolds)
    .set({ state: "sold", releasedBecause: "", settledAt: now })
    .where(
      inArray(
        stockHolds.id,
        latest.map((r) => r.id),
      ),
    );
  for (const productId of new Set(latest.map((r) => r.productId)))
    await mailIfLow(tx, productId, now);
  // The list's badges come from the shelf (stock.server.ts shelfBadges): cached with the catalogue.
  await bumpCatalogueVersion(tx);
  return "sold";
}
