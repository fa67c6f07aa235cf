/**
 * Stock rules, pure and browser-safe (docs/decisions/0216-stock-modes-and-holds.md): the three
 * modes, what a shopper sees of a count ("Only N left", "Sold out"), the refusal sentences of the
 * cart and checkout, and the schema.org availability the product page and the feeds print.
 */

export const STOCK_MODES = ["made_to_order", "in_stock", "one_of_a_kind"] as const;
export type StockMode = (typeof STOCK_MODES)[number];

export const STOCK_MODE_LABELS: Record<StockMode, string> = {
  made_to_order: "Made to order",
  in_stock: "In stock",
  one_of_a_kind: "One of a kind",
};

export const ADJUSTMENT_REASONS = ["counted", "damaged", "made_more", "returned"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_LABELS: Record<AdjustmentReason, string> = {
  counted: "Counted",
  damaged: "Damaged",
  made_more: "Made more",
  returned: "Returned",
};

/** The owner's filter on the products screen. */
export const STOCK_FILTERS = ["in_stock", "low", "sold_out", "made_to_order"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  in_stock: "In stock",
  low: "Low",
  sold_out: "Sold out",
  made_to_order: "Made to order",
};

/** The default "Only N left" threshold. */
export const DEFAULT_LOW_STOCK_AT = 2;

/** What a shopper may still buy of a product (or one combination): null when made to order. */
export interface Availability {
  mode: StockMode;
  /** Pieces free to buy now (on the shelf less live holds); null: made to order, no limit. */
  left: number | null;
  /** At or under the owner's threshold (and not sold out): "Only N left". */
  low: boolean;
  soldOut: boolean;
}

export const MADE_TO_ORDER: Availability = {
  mode: "made_to_order",
  left: null,
  low: false,
  soldOut: false,
};

export function availabilityFrom(
  mode: StockMode,
  onHand: number,
  held: number,
  lowStockAt: number,
): Availability {
  if (mode === "made_to_order") return MADE_TO_ORDER;
  const left = Math.max(0, onHand - held);
  return { mode, left, low: left > 0 && left <= lowStockAt, soldOut: left === 0 };
}

/** The storefront's badge: "Only 3 left", "Sold out", or nothing. */
export function stockBadge(a: Availability): string | null {
  if (a.soldOut) return "Sold out";
  if (a.low && a.left !== null) return `Only ${a.left} left`;
  return null;
}

/** schema.org ItemAvailability for the product page's JSON-LD and the feeds. */
export function schemaAvailability(a: Availability): string {
  if (a.mode === "made_to_order") return "https://schema.org/MadeToOrder";
  return a.soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock";
}

const pieces = (n: number) => (n === 1 ? "1 of this piece exists" : `${n} of this piece are left`);

/**
 * Why a cart may not hold `wanted` of a line when `left` are free and `inCart` already are in it
 * (null: it may). The cart's add and quantity change answer it as a 400.
 */
export function cartRefusal(left: number | null, inCart: number, wanted: number): string | null {
  if (left === null || wanted <= left) return null;
  if (left === 0) return "This piece has sold out; it cannot be added to your cart.";
  if (inCart >= left)
    return `Only ${pieces(left)}, and ${left === 1 ? "it is" : "they are all"} in your cart already.`;
  return `Only ${pieces(left)}; your cart can hold at most ${left}.`;
}

/** Checkout's refusal of a line that became unavailable since it was added (nothing is written). */
export function checkoutRefusal(name: string, left: number, wanted: number): string {
  if (left === 0)
    return `${name} has sold out since it was added to your cart; remove it to check out.`;
  return `Only ${left} of ${name} ${left === 1 ? "is" : "are"} left and your cart has ${wanted}; lower the quantity to check out.`;
}

/** The cart drawer's note on a line that became unavailable since it was added. */
export function lineNote(left: number | null, quantity: number): string | null {
  if (left === null || quantity <= left) return null;
  return left === 0 ? "Sold out since you added it." : `Only ${left} left now; lower the quantity.`;
}

/** What the product page's island gets of the stock (server-rendered, never cached with the catalogue). */
export interface ShopperStock {
  badge: string | null;
  soldOut: boolean;
  left: number | null;
  /** Left per option combination (keys: sorted option ids, comma-joined); null when not counted so. */
  combos: Record<string, number> | null;
}

/** The combination key of a selection (group → option id), as the cart keys its lines. */
export function selectionKey(selection: Readonly<Record<string, string | undefined>>): string {
  return Object.values(selection)
    .filter((id): id is string => Boolean(id))
    .sort()
    .join(",");
}

/** Whether the selection with `group` set to `optionId` is sold out (greyed in the picker). */
export function comboSoldOut(
  combos: Readonly<Record<string, number>> | null,
  selection: Readonly<Record<string, string | undefined>>,
  group: string,
  optionId: string,
): boolean {
  if (!combos) return false;
  return (combos[selectionKey({ ...selection, [group]: optionId })] ?? 0) <= 0;
}

/** The product's JSON-LD with the stock's availability. */
export function withAvailability(
  jsonLd: Record<string, unknown>,
  a: Availability,
): Record<string, unknown> {
  const offers = jsonLd.offers as Record<string, unknown> | undefined;
  if (!offers || a.mode === "made_to_order") return jsonLd;
  return { ...jsonLd, offers: { ...offers, availability: schemaAvailability(a) } };
}

/** The portal's view of one product's stock (GET /v2/admin/product/{id}/stock). */
export interface StockJson {
  mode: StockMode;
  lowStockAt: number;
  byCombination: boolean;
  /** The product's option combinations (key as the levels name it, and a label); [] without options. */
  combinations: { key: string; label: string }[];
  levels: { combo: string; onHand: number; held: number; left: number | null }[];
  adjustments: {
    id: string;
    combo: string;
    change: number;
    onHandAfter: number;
    reason: AdjustmentReason;
    note: string;
    by: string;
    at: string;
  }[];
}

/** The owner's Stock column: "Made to order", "Sold out", "Only 1 left" or "12 left". */
export function stockLabel(a: Availability): string {
  if (a.mode === "made_to_order") return "Made to order";
  if (a.soldOut) return "Sold out";
  return a.low ? `Only ${a.left} left` : `${a.left} left`;
}
