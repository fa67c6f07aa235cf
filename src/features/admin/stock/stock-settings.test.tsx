/**
 * The stock panel's settings (docs/decisions/0272-stock-per-combination-panel.md): with "Count each
 * combination" the owner gets one count per combination, named by its options; the body it saves
 * carries `combos`, never a whole count; made to order carries neither.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StockJson } from "~/features/stock/stock";
import StockSettings from "./StockSettings";
import { initialStockForm, stockBody } from "./stock-form";

const stock: StockJson = {
  mode: "in_stock",
  lowStockAt: 1,
  byCombination: true,
  combinations: [
    { key: "blue", label: "Colour: Blue" },
    { key: "green", label: "Colour: Green" },
    { key: "red", label: "Colour: Red" },
  ],
  levels: [
    { combo: "blue", onHand: 2, held: 1, left: 1 },
    { combo: "red", onHand: 1, held: 0, left: 1 },
  ],
  adjustments: [],
};

describe("stock per combination in the panel", () => {
  it("draws a count per combination, named by its options, with what unpaid orders hold", () => {
    const html = renderToStaticMarkup(
      <StockSettings productId="p1" stock={stock} onSaved={() => {}} />,
    );
    expect(html).toContain("Count each combination of options");
    expect(html).toContain('aria-label="Pieces on the shelf: Colour: Blue" value="2"');
    expect(html).toContain('aria-label="Pieces on the shelf: Colour: Green" value="0"');
    expect(html).toContain('aria-label="Pieces on the shelf: Colour: Red" value="1"');
    expect(html).toContain("(1 held by unpaid orders)");
    expect(html).not.toContain(">Pieces on the shelf<");
  });

  it("makes the body: combos when counted per combination, a count otherwise, none made to order", () => {
    const form = initialStockForm(stock);
    expect(stockBody(form, stock)).toEqual({
      mode: "in_stock",
      lowStockAt: 1,
      combos: { blue: 2, green: 0, red: 1 },
    });
    expect(stockBody({ ...form, perCombo: false, count: "3" }, stock)).toEqual({
      mode: "in_stock",
      lowStockAt: 1,
      count: 3,
    });
    expect(stockBody({ ...form, mode: "made_to_order" }, stock)).toEqual({
      mode: "made_to_order",
      lowStockAt: 1,
    });
  });
});
