import { describe, expect, it } from "vitest";
import { shippingEstimatePaise, totalWeightGrams } from "./estimate-tiers";

describe("shipping estimate tiers (docs/product.md §9)", () => {
  it.each([
    [0, 8000],
    [500, 8000],
    [501, 12000],
    [1000, 12000],
    [1001, 35000],
    [3000, 35000],
    [3001, 55000],
    [5000, 55000],
    [5001, 100000],
    [10000, 100000],
    [10001, 100900],
    [11000, 100900],
    [11001, 101800],
    [15000, 104500],
  ])("%i g costs %i paise", (grams, paise) => {
    expect(shippingEstimatePaise(grams)).toBe(paise);
  });

  it("sums quantity times weight over the lines", () => {
    expect(
      totalWeightGrams([
        { quantity: 2, weightGrams: 250 },
        { quantity: 1, weightGrams: 60 },
      ]),
    ).toBe(560);
    expect(totalWeightGrams([])).toBe(0);
  });
});
