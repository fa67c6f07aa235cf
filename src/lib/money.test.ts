import { describe, expect, it } from "vitest";
import { formatInr, paiseToRupeeString, paiseToRupees, rupeesToPaise } from "./money";

describe("money formatting", () => {
  it("shows paise as rupees with exactly two decimals", () => {
    expect(paiseToRupeeString(0)).toBe("0.00");
    expect(paiseToRupeeString(5)).toBe("0.05");
    expect(paiseToRupeeString(149950)).toBe("1499.50");
    expect(paiseToRupeeString(-250)).toBe("-2.50");
  });

  it("formats with the rupee sign and Indian digit grouping", () => {
    expect(formatInr(49900)).toBe("₹499.00");
    expect(formatInr(12345678)).toBe("₹1,23,456.78");
  });

  it("refuses fractional paise instead of rounding money silently", () => {
    expect(() => paiseToRupeeString(10.5)).toThrow();
  });

  it("parses form amounts into paise and rejects malformed ones", () => {
    expect(rupeesToPaise("499")).toBe(49900);
    expect(rupeesToPaise("499.5")).toBe(49950);
    expect(rupeesToPaise(" 0.07 ")).toBe(7);
    expect(rupeesToPaise(1499.99)).toBe(149999);
    expect(rupeesToPaise("4.999")).toBeNull();
    expect(rupeesToPaise("-1")).toBeNull();
    expect(rupeesToPaise("abc")).toBeNull();
  });

  it("gives decimal rupees for providers without float drift", () => {
    expect(paiseToRupees(17000)).toBe(170);
    expect(paiseToRupees(30)).toBe(0.3);
  });
});
