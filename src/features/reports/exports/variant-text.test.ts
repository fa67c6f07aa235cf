import { describe, expect, it } from "vitest";
import { variantText } from "./variant-text";

describe("the order-lines CSV's variant column", () => {
  it("reads as text in rupees, groups in the screens' order, never JSON or paise", () => {
    const text = variantText({
      Size: { id: "v1", value: "A4", price: 5_000 },
      Finish: { id: "v2", value: "Gloss", price: 0 },
    });
    expect(text).toBe("Finish: Gloss; Size: A4 (+₹50.00)");
    expect(text).not.toMatch(/[{}"]|5000/);
    expect(variantText({ Frame: { id: "f", value: "None", price: -1_250 } })).toBe(
      "Frame: None (-₹12.50)",
    );
    expect(variantText({})).toBe("");
    expect(variantText(null)).toBe("");
  });
});
