/**
 * The stock panel's form (docs/decisions/0218-stock-owner-tools.md, 0272-stock-per-combination-panel.md),
 * pure so it is tested without a browser: what the saved stock fills it with, and the PUT body it
 * makes: one count for the whole product, or a count per option combination (`combos`, keyed as the
 * API names them) when the owner chose to count each combination.
 */
import type { StockJson, StockMode } from "~/features/stock/stock";

export interface StockForm {
  mode: StockMode;
  /** "Only N left" threshold, as typed. */
  low: string;
  /** The whole product's count, as typed. */
  count: string;
  /** Counted per combination (offered only for a product with options). */
  perCombo: boolean;
  /** Each combination's count, as typed, by its key. */
  counts: Record<string, string>;
}

export function initialStockForm(stock: StockJson): StockForm {
  const onHand = new Map(stock.levels.map((l) => [l.combo, l.onHand]));
  return {
    mode: stock.mode,
    low: String(stock.lowStockAt),
    count: String(onHand.get("") ?? 1),
    perCombo: stock.byCombination && stock.combinations.length > 0,
    counts: Object.fromEntries(
      stock.combinations.map((c) => [c.key, String(onHand.get(c.key) ?? 0)]),
    ),
  };
}

export interface StockBody {
  mode: StockMode;
  lowStockAt: number;
  count?: number;
  combos?: Record<string, number>;
}

/** The PUT body: no count for made to order; per combination or whole as chosen. */
export function stockBody(form: StockForm, stock: StockJson): StockBody {
  const body: StockBody = { mode: form.mode, lowStockAt: Number(form.low) };
  if (form.mode === "made_to_order") return body;
  if (form.perCombo && stock.combinations.length > 0)
    return {
      ...body,
      combos: Object.fromEntries(
        stock.combinations.map((c) => [c.key, Number(form.counts[c.key] ?? "0")]),
      ),
    };
  return { ...body, count: Number(form.count) };
}
