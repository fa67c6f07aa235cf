/**
 * Reading stock (docs/decisions/0216-stock-modes-and-holds.md): a product's mode, its counts and
 * the live holds of unpaid orders, for the catalogue, the cart, checkout and the feeds. Writes are
 * in holds.server.ts (holds, sales, releases) and adjust.server.ts (the owner's counts).
 */
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orders, productStock, stockHolds, stockLevels } from "~/server/db/schema";
import {
  type Availability,
  availabilityFrom,
  MADE_TO_ORDER,
  type ShopperStock,
  type StockMode,
  stockBadge,
} from "./stock";

export interface StockView {
  mode: StockMode;
  lowStockAt: number;
  byCombination: boolean;
  /** Pieces on the shelf by level key ('' for the whole product). */
  onHand: Map<string, number>;
  /** Pieces held by live holds by level key. */
  held: Map<string, number>;
}

/** The level a line draws from: its combination when counted per combination, else the product's. */
export const levelKey = (view: Pick<StockView, "byCombination">, combo: string) =>
  view.byCombination ? combo : "";

/**
 * The stock of these products (absent: made to order). `exceptUser`: that shopper's own holds do
 * not count (their cart may hold what their unpaid order holds).
 */
export async function loadStock(
  db: DbOrTx,
  productIds: readonly string[],
  now: Date,
  opts: { exceptUser?: string; exceptOrder?: string } = {},
): Promise<Map<string, StockView>> {
  const ids = [...new Set(productIds)];
  const views = new Map<string, StockView>();
  if (ids.length === 0) return views;
  const modes = await db.select().from(productStock).where(inArray(productStock.productId, ids));
  const tracked = modes.filter((m) => m.mode !== "made_to_order").map((m) => m.productId);
  for (const m of modes)
    views.set(m.productId, {
      mode: m.mode,
      lowStockAt: m.lowStockAt,
      byCombination: m.byCombination,
      onHand: new Map(),
      held: new Map(),
    });
  if (tracked.length === 0) return views;
  const levels = await db.select().from(stockLevels).where(inArray(stockLevels.productId, tracked));
  for (const l of levels) views.get(l.productId)?.onHand.set(l.combo, l.onHand);
  const held = await db
    .select({
      productId: stockHolds.productId,
      combo: stockHolds.combo,
      quantity: sql<string>`sum(${stockHolds.quantity})`,
    })
    .from(stockHolds)
    .innerJoin(orders, eq(orders.id, stockHolds.orderId))
    .where(
      and(
        inArray(stockHolds.productId, tracked),
        eq(stockHolds.state, "held"),
        gt(stockHolds.expiresAt, now),
        opts.exceptUser ? ne(orders.userId, opts.exceptUser) : undefined,
        opts.exceptOrder ? ne(stockHolds.orderId, opts.exceptOrder) : undefined,
      ),
    )
    .groupBy(stockHolds.productId, stockHolds.combo);
  for (const h of held) views.get(h.productId)?.held.set(h.combo, Number(h.quantity));
  return views;
}

/** What can be bought of one line's level (a combination, or the whole product). */
export function availabilityIn(view: StockView | undefined, combo: string): Availability {
  if (!view || view.mode === "made_to_order") return MADE_TO_ORDER;
  const key = levelKey(view, combo);
  return availabilityFrom(
    view.mode,
    view.onHand.get(key) ?? 0,
    view.held.get(key) ?? 0,
    view.lowStockAt,
  );
}

/** The whole product's availability: every combination's together when counted per combination. */
export function productAvailability(view: StockView | undefined): Availability {
  if (!view || view.mode === "made_to_order") return MADE_TO_ORDER;
  if (!view.byCombination) return availabilityIn(view, "");
  let onHand = 0;
  let held = 0;
  for (const [key, n] of view.onHand) {
    onHand += n;
    held += Math.min(n, view.held.get(key) ?? 0);
  }
  return availabilityFrom(view.mode, onHand, held, view.lowStockAt);
}

/** What each combination has left (the variant picker greys out those at 0). */
export function comboLeft(view: StockView | undefined): Record<string, number> | null {
  if (!view || view.mode === "made_to_order" || !view.byCombination) return null;
  const out: Record<string, number> = {};
  for (const key of view.onHand.keys()) out[key] = availabilityIn(view, key).left ?? 0;
  return out;
}

/** One product's availability now (the feeds, the product page). */
export async function availabilityOf(db: DbOrTx, productId: string, now = new Date()) {
  return productAvailability((await loadStock(db, [productId], now)).get(productId));
}

/** Many products' availability now (the product list). */
export async function availabilities(
  db: DbOrTx,
  productIds: readonly string[],
  now = new Date(),
): Promise<Map<string, Availability>> {
  const views = await loadStock(db, productIds, now);
  return new Map(productIds.map((id) => [id, productAvailability(views.get(id))]));
}

/** The product page's stock: its availability, badge and per-combination counts. */
export async function shopperStock(
  db: DbOrTx,
  productId: string,
  now = new Date(),
): Promise<{ availability: Availability; stock: ShopperStock }> {
  const view = (await loadStock(db, [productId], now)).get(productId);
  const availability = productAvailability(view);
  return {
    availability,
    stock: {
      badge: stockBadge(availability),
      soldOut: availability.soldOut,
      left: availability.left,
      combos: comboLeft(view),
    },
  };
}

/**
 * The product list's badges ("Only 2 left", "Sold out") from the pieces on the shelf, holds left
 * out: the list is cached with the catalogue, whose version a sale or a count change bumps
 * (holds come and go too often for that; the product page and the cart count them). One query.
 */
export async function shelfBadges(
  db: DbOrTx,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  const badges = new Map<string, string>();
  if (productIds.length === 0) return badges;
  const rows = await db
    .select({
      productId: productStock.productId,
      mode: productStock.mode,
      lowStockAt: productStock.lowStockAt,
      byCombination: productStock.byCombination,
      combo: stockLevels.combo,
      onHand: stockLevels.onHand,
    })
    .from(productStock)
    .leftJoin(stockLevels, eq(stockLevels.productId, productStock.productId))
    .where(inArray(productStock.productId, [...new Set(productIds)]));
  const views = new Map<string, StockView>();
  for (const r of rows) {
    const view = views.get(r.productId) ?? {
      mode: r.mode,
      lowStockAt: r.lowStockAt,
      byCombination: r.byCombination,
      onHand: new Map<string, number>(),
      held: new Map<string, number>(),
    };
    if (r.combo !== null && r.onHand !== null) view.onHand.set(r.combo, r.onHand);
    views.set(r.productId, view);
  }
  for (const [id, view] of views) {
    const badge = stockBadge(productAvailability(view));
    if (badge) badges.set(id, badge);
  }
  return badges;
}
