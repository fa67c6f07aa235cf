import { describe, expect, it } from "vitest";
import { buildSaleDocument, describeLine } from "./document";
import { testSettings } from "./seller.fixtures";

const settings = testSettings({ supportPhone: "" });
const address = (state: string) => ({
  address1: "4 MG Road",
  address2: "",
  city: "X",
  state,
  zipCode: "560001",
  country: "India",
});
const buyer = (state: string) => ({
  name: "Asha Rao",
  email: "a@example.com",
  phone: "9876543210",
  address: address(state),
  gstin: "",
});

describe("a sale's document", () => {
  const lines = [
    {
      name: "Resin frame",
      options: ["A4", "Gloss"],
      quantity: 2,
      unitPricePaise: 149_900,
      hsn: null,
      gstRate: null,
    },
    {
      name: "Wooden frame",
      options: [],
      quantity: 1,
      unitPricePaise: 50_000,
      hsn: "4414",
      gstRate: 5 as const,
    },
  ];

  it("splits CGST + SGST in the seller's state, with shipping as its own line at the main rate", () => {
    const doc = buildSaleDocument({
      settings,
      buyer: buyer("maharashtra"),
      lines,
      orderDiscountPaise: 0,
      shippingPaise: 9_900,
    });
    expect(doc).toMatchObject({
      kind: "tax-invoice",
      intraState: true,
      placeOfSupplyCode: "27",
      placeOfSupplyName: "Maharashtra",
    });
    expect(doc.lines.map((l) => [l.kind, l.hsn, l.gstRate])).toEqual([
      ["goods", "3926", 18],
      ["goods", "4414", 5],
      ["shipping", "9965", 18],
    ]);
    expect(doc.lines[0]?.description).toBe("Resin frame (A4, Gloss)");
    expect(doc.totals.totalPaise).toBe(2 * 149_900 + 50_000 + 9_900);
    expect(doc.totals.igstPaise).toBe(0);
  });

  it("charges IGST for another state, and shares an order's discount over the goods", () => {
    const doc = buildSaleDocument({
      settings,
      buyer: buyer("Karnataka"),
      lines,
      orderDiscountPaise: 10_000,
      shippingPaise: 0,
    });
    expect(doc).toMatchObject({ intraState: false, placeOfSupplyCode: "29" });
    expect(doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(0);
    expect(doc.totals.totalPaise).toBe(2 * 149_900 + 50_000 - 10_000);
    expect(doc.lines.map((l) => l.discountPaise).reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it("is a bill of supply or a receipt, without tax, for a composition or unregistered seller", () => {
    for (const [registration, kind] of [
      ["composition", "bill-of-supply"],
      ["unregistered", "receipt"],
    ] as const) {
      const doc = buildSaleDocument({
        settings: { ...settings, registration },
        buyer: buyer("Karnataka"),
        lines,
        orderDiscountPaise: 0,
        shippingPaise: 0,
      });
      expect(doc.kind).toBe(kind);
      expect(doc.totals.igstPaise + doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(0);
      expect(doc.totals.taxablePaise).toBe(doc.totals.totalPaise);
    }
  });

  it("describes a line with its options, never the shopper's note", () => {
    expect(describeLine({ name: "Tag", options: [] })).toBe("Tag");
    expect(describeLine({ name: "Frame", options: ["A4", "", "Gloss"] })).toBe("Frame (A4, Gloss)");
  });
});
