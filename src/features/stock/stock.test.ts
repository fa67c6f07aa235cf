import { describe, expect, it } from "vitest";
import {
  availabilityFrom,
  cartRefusal,
  comboSoldOut,
  lineNote,
  schemaAvailability,
  stockBadge,
  withAvailability,
} from "./stock";

describe("stock rules", () => {
  it("reads a count as a shopper sees it", () => {
    expect(stockBadge(availabilityFrom("one_of_a_kind", 1, 0, 2))).toBe("Only 1 left");
    expect(stockBadge(availabilityFrom("in_stock", 5, 2, 3))).toBe("Only 3 left");
    expect(stockBadge(availabilityFrom("in_stock", 5, 0, 3))).toBeNull();
    expect(stockBadge(availabilityFrom("one_of_a_kind", 1, 1, 2))).toBe("Sold out");
    expect(stockBadge(availabilityFrom("made_to_order", 0, 0, 2))).toBeNull();
  });

  it("refuses a cart beyond what is left, with the sentence", () => {
    expect(cartRefusal(1, 1, 2)).toBe(
      "Only 1 of this piece exists, and it is in your cart already.",
    );
    expect(cartRefusal(3, 1, 4)).toBe(
      "Only 3 of this piece are left; your cart can hold at most 3.",
    );
    expect(cartRefusal(0, 0, 1)).toBe("This piece has sold out; it cannot be added to your cart.");
    expect(cartRefusal(null, 0, 50)).toBeNull();
    expect(cartRefusal(2, 1, 2)).toBeNull();
    expect(lineNote(0, 1)).toBe("Sold out since you added it.");
    expect(lineNote(2, 3)).toBe("Only 2 left now; lower the quantity.");
  });

  it("greys a sold-out combination given the other groups' choice", () => {
    const combos = { "blue,set4": 2, "green,set4": 0, "red,set4": 1 };
    const selection = { Colour: "blue", Size: "set4" };
    expect(comboSoldOut(combos, selection, "Colour", "green")).toBe(true);
    expect(comboSoldOut(combos, selection, "Colour", "red")).toBe(false);
    expect(comboSoldOut(combos, selection, "Colour", "pink")).toBe(true);
    expect(comboSoldOut(null, selection, "Colour", "green")).toBe(false);
  });

  it("puts the availability in the JSON-LD", () => {
    const ld = { "@type": "Product", offers: { availability: "https://schema.org/InStock" } };
    const sold = availabilityFrom("one_of_a_kind", 0, 0, 2);
    expect(withAvailability(ld, sold)).toMatchObject({
      offers: { availability: "https://schema.org/SoldOut" },
    });
    expect(schemaAvailability(availabilityFrom("made_to_order", 0, 0, 2))).toBe(
      "https://schema.org/MadeToOrder",
    );
    expect(withAvailability(ld, availabilityFrom("made_to_order", 0, 0, 2))).toBe(ld);
  });
});
