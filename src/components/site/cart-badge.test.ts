import { describe, expect, it } from "vitest";
import { countFromStorage, countItems } from "./cart-badge";

describe("cart count", () => {
  it("sums quantities of { items }", () => {
    expect(countFromStorage(JSON.stringify({ items: [{ quantity: 2 }, { quantity: 3 }] }))).toBe(5);
  });
  it("sums quantities of a bare array", () => {
    expect(countFromStorage(JSON.stringify([{ quantity: 1 }, { quantity: 4 }]))).toBe(5);
  });
  it("counts nothing for missing, malformed or odd values", () => {
    expect(countFromStorage(null)).toBe(0);
    expect(countFromStorage("{oops")).toBe(0);
    expect(countFromStorage(JSON.stringify({ items: "x" }))).toBe(0);
    expect(countFromStorage(JSON.stringify([{ quantity: -1 }, { quantity: "2" }, null, {}]))).toBe(2);
  });
  it("takes a number as the count itself", () => {
    expect(countItems(7)).toBe(7);
    expect(countItems(Number.NaN)).toBe(0);
  });
});
