import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { productTaxRow, productTaxShape } from "./product-tax";

const shape = z.object(productTaxShape);

describe("a product's tax codes", () => {
  it("takes 4, 6 or 8 digits or blank, and a GST rate or null (the default)", () => {
    expect(z.parse(shape, { hsn: " 3926 ", gstRate: 18 })).toEqual({ hsn: "3926", gstRate: 18 });
    expect(z.parse(shape, { hsn: "", gstRate: null })).toEqual({ hsn: "", gstRate: null });
    expect(z.parse(shape, {})).toEqual({});
    expect(z.safeParse(shape, { hsn: "39" }).success).toBe(false);
    expect(z.safeParse(shape, { hsn: "39a6" }).success).toBe(false);
    expect(z.safeParse(shape, { gstRate: 7 }).success).toBe(false);
    // Any rate of the dated table (decision 0180): 0.25 and 40 now, 12 kept for old products.
    for (const gstRate of [0.25, 1.5, 40, 12])
      expect(z.parse(shape, { gstRate })).toEqual({ gstRate });
    expect(z.safeParse(shape, { gstRate: 0.3 }).success).toBe(false);
  });

  it("stores blank as the default and leaves out what an edit left out", () => {
    expect(productTaxRow({ hsn: "", gstRate: null })).toEqual({ hsn: null, gstRate: null });
    expect(productTaxRow({ hsn: "4414", gstRate: 5 })).toEqual({ hsn: "4414", gstRate: 5 });
    expect(productTaxRow({})).toEqual({});
  });
});
