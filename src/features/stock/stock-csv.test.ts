import { describe, expect, it } from "vitest";
import { parseCsv, readStockCsv } from "./stock-csv";

const HEADER = "Product id,Combination,SKU,Name,Stock mode,On hand,Low at\r\n";

describe("the bulk stock file", () => {
  it("reads quoted cells, doubled quotes and both line ends", () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\nd,e,f\n')).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["d", "e", "f"],
    ]);
  });

  it("reads the export's columns back", () => {
    const read = readStockCsv(
      `${HEADER}p1,,SKU1,"Panel, blue",in_stock,4,2\r\np2,,S2,Tray,made_to_order,,\r\n`,
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 2, productId: "p1", combo: "", mode: "in_stock", onHand: 4, lowAt: 2 },
        { line: 3, productId: "p2", combo: "", mode: "made_to_order", onHand: 0, lowAt: undefined },
      ],
    });
  });

  it("names every bad row, and nothing is read then", () => {
    const read = readStockCsv(
      `${HEADER}p1,,S,N,in_stock,-1,\r\np2,,S,N,one_of_a_kind,2,\r\np3,,S,N,made_to_order,3,\r\np4,,S,N,in_stock,2.5,\r\np5,,S,N,in_stock,1,\r\np5,,S,N,in_stock,1,\r\n`,
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        "Line 2: On hand must be a whole number of pieces, 0 or more.",
        "Line 3: a one-of-a-kind piece has a count of 0 or 1.",
        "Line 4: a made-to-order product has no count (leave On hand empty).",
        "Line 5: On hand must be a whole number of pieces, 0 or more.",
        "Line 7: this product and combination are on an earlier line too.",
      ],
    });
    expect(readStockCsv("Name,SKU\r\nx,y\r\n")).toEqual({
      ok: false,
      problems: [
        'Line 1: the header needs the columns "Product id", "Stock mode", "On hand" (as in the stock export).',
      ],
    });
  });
});
