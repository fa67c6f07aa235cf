import { describe, expect, it } from "vitest";
import { KNOWN_GST_RATES } from "./gst-rates";
import {
  type LineInput,
  apportion,
  creditLines,
  remainingLines,
  saleDocumentKind,
  sumLines,
  taxLine,
  taxLines,
} from "./tax";

const goods = (over: Partial<LineInput> = {}): LineInput => ({
  kind: "goods",
  description: "Resin frame (A4, Gloss)",
  hsn: "3926",
  quantity: 1,
  gstRate: 18,
  unitPricePaise: 99_900,
  ...over,
});
/** Shipping, ₹59 with 18 % GST in it. */
const SHIPPING: LineInput = {
  kind: "shipping",
  description: "Shipping",
  hsn: "9965",
  quantity: 1,
  gstRate: 18,
  unitPricePaise: 5_900,
};
const INCL_INTRA = { pricesIncludeGst: true, intraState: true, collectsTax: true };
const INCL_INTER = { pricesIncludeGst: true, intraState: false, collectsTax: true };

describe("tax arithmetic", () => {
  it("derives the taxable value from a price including GST, the total staying the price", () => {
    const line = taxLine(goods(), INCL_INTRA);
    // 99900 x 100 / 118 = 84661.02 -> 84661; tax 15239, odd paisa to CGST.
    expect(line).toMatchObject({ taxablePaise: 84_661, cgstPaise: 7_620, sgstPaise: 7_619 });
    expect(line.igstPaise).toBe(0);
    expect(line.totalPaise).toBe(99_900);
  });

  it("charges IGST when the place of supply is another state", () => {
    const line = taxLine(goods(), INCL_INTER);
    expect(line).toMatchObject({
      taxablePaise: 84_661,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 15_239,
    });
  });

  it("adds GST on top of a price excluding it, each half rounded", () => {
    const options = { pricesIncludeGst: false, intraState: true, collectsTax: true };
    const line = taxLine(goods({ unitPricePaise: 84_661 }), options);
    // 84661 x 9% = 7619.49 -> 7619 each half.
    expect(line).toMatchObject({ taxablePaise: 84_661, cgstPaise: 7_619, sgstPaise: 7_619 });
    expect(line.totalPaise).toBe(84_661 + 15_238);
    const inter = taxLine(goods({ unitPricePaise: 84_661 }), { ...options, intraState: false });
    expect(inter.igstPaise).toBe(15_239);
  });

  it("takes a line's discount off before the tax", () => {
    const line = taxLine(
      goods({ quantity: 2, unitPricePaise: 50_000, discountPaise: 10_000, gstRate: 5 }),
      INCL_INTRA,
    );
    // 90000 x 100 / 105 = 85714.29 -> 85714; tax 4286.
    expect(line).toMatchObject({ discountPaise: 10_000, taxablePaise: 85_714, totalPaise: 90_000 });
    expect(line.cgstPaise + line.sgstPaise).toBe(4_286);
    expect(() => taxLine(goods({ discountPaise: 100_000 }), INCL_INTRA)).toThrow(/discount/);
  });

  it("leaves a 0 % line untaxed, and shipping is its own line", () => {
    const { lines, totals } = taxLines(
      [goods({ gstRate: 0, unitPricePaise: 20_000 }), SHIPPING],
      INCL_INTRA,
    );
    expect(lines[0]).toMatchObject({
      taxablePaise: 20_000,
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: 20_000,
    });
    expect(lines[1]).toMatchObject({
      kind: "shipping",
      taxablePaise: 5_000,
      cgstPaise: 450,
      sgstPaise: 450,
    });
    expect(totals).toEqual({
      taxablePaise: 25_000,
      cgstPaise: 450,
      sgstPaise: 450,
      igstPaise: 0,
      totalPaise: 25_900,
    });
  });

  it("keeps every invoice's total equal to what was paid, for any prices and rates", () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const inputs = Array.from({ length: 1 + next(6) }, () => {
        const quantity = 1 + next(5);
        const unitPricePaise = next(2_000_000);
        return goods({
          quantity,
          unitPricePaise,
          gstRate: KNOWN_GST_RATES[next(KNOWN_GST_RATES.length)],
          discountPaise: next(quantity * unitPricePaise + 1),
        });
      });
      const paid = inputs.reduce(
        (sum, l) => sum + l.quantity * l.unitPricePaise - (l.discountPaise ?? 0),
        0,
      );
      for (const intraState of [true, false]) {
        const { lines, totals } = taxLines(inputs, { ...INCL_INTRA, intraState });
        expect(totals.totalPaise).toBe(paid);
        expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
          paid,
        );
        for (const line of lines)
          expect(Math.abs(line.cgstPaise - line.sgstPaise)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("shows no tax for a seller who may not collect it, and picks the document", () => {
    const line = taxLine(goods(), { ...INCL_INTRA, collectsTax: false });
    expect(line).toMatchObject({ taxablePaise: 99_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(saleDocumentKind("regular")).toBe("tax-invoice");
    expect(saleDocumentKind("composition")).toBe("bill-of-supply");
    expect(saleDocumentKind("unregistered")).toBe("receipt");
  });
});

describe("apportion", () => {
  it("always adds up, in proportion, the remainder to the largest rests", () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(1000, [300, 700])).toEqual([300, 700]);
    expect(apportion(7, [0, 0])).toEqual([4, 3]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    const parts = apportion(99_999, [12_345, 67_890, 11]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(99_999);
  });
});

describe("credit notes", () => {
  const invoice = taxLines(
    [goods(), goods({ gstRate: 5, unitPricePaise: 40_000 }), SHIPPING],
    INCL_INTRA,
  );

  it("reverses a whole invoice line for line", () => {
    const lines = creditLines(invoice.lines, invoice.totals.totalPaise, true);
    expect(sumLines(lines)).toEqual(invoice.totals);
  });

  it("reverses a part in the invoice's split, the tax in each line's proportion", () => {
    const lines = creditLines(invoice.lines, 50_000, true);
    const totals = sumLines(lines);
    expect(totals.totalPaise).toBe(50_000);
    expect(totals.igstPaise).toBe(0);
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(50_000);
    const inter = taxLines([goods()], INCL_INTER);
    const part = creditLines(inter.lines, 11_800, false);
    expect(part[0]).toMatchObject({ taxablePaise: 10_000, igstPaise: 1_800, cgstPaise: 0 });
    expect(() => creditLines(invoice.lines, invoice.totals.totalPaise + 1, true)).toThrow();
  });

  it("gives the rest after earlier notes line by line, so the notes reverse every tax exactly", () => {
    const first = creditLines(invoice.lines, 33_333, true);
    const rest = remainingLines(invoice.lines, first)!;
    const both = sumLines([...first, ...rest]);
    expect(both).toEqual(invoice.totals);
    expect(rest.every((l) => l.taxablePaise + l.cgstPaise + l.sgstPaise === l.totalPaise)).toBe(
      true,
    );
    expect(remainingLines(invoice.lines, [...first, ...rest])).toEqual([]);
    expect(remainingLines(invoice.lines, [{ ...first[0]!, description: "Another" }])).toBeNull();
  });
});
