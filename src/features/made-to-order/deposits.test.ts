import { describe, expect, it } from "vitest";
import { depositSplit } from "./deposits";

describe("deposit split", () => {
  it("a percentage: the advance in whole rupees, the balance the rest, always adding up to the price", () => {
    expect(depositSplit(1_000_000, { kind: "percent", percent: 30 })).toEqual({
      ok: true,
      split: { advancePaise: 300_000, balancePaise: 700_000 },
    });
    // 30% of ₹4,500.50 is ₹1,350.15: rounded to ₹1,350, the balance ₹3,150.50.
    expect(depositSplit(450_050, { kind: "percent", percent: 30 })).toEqual({
      ok: true,
      split: { advancePaise: 135_000, balancePaise: 315_050 },
    });
    for (const price of [200, 999, 12_345, 450_050, 9_999_999])
      for (const percent of [10, 33, 50, 67, 90]) {
        const r = depositSplit(price, { kind: "percent", percent });
        if (!r.ok) throw new Error(r.reason);
        expect(r.split.advancePaise + r.split.balancePaise).toBe(price);
        expect(r.split.advancePaise).toBeGreaterThanOrEqual(100);
        expect(r.split.balancePaise).toBeGreaterThanOrEqual(100);
      }
  });

  it("an amount: taken as asked when both parts are at least ₹1", () => {
    expect(depositSplit(500_000, { kind: "amount", amountPaise: 200_050 })).toEqual({
      ok: true,
      split: { advancePaise: 200_050, balancePaise: 299_950 },
    });
    expect(depositSplit(500_000, { kind: "amount", amountPaise: 500_000 })).toMatchObject({
      ok: false,
    });
    expect(depositSplit(500_000, { kind: "amount", amountPaise: 50 })).toMatchObject({ ok: false });
  });

  it("refuses a percentage out of range and a price too small to split", () => {
    expect(depositSplit(500_000, { kind: "percent", percent: 5 })).toEqual({
      ok: false,
      reason: "The advance is a whole percentage from 10 to 90.",
    });
    expect(depositSplit(500_000, { kind: "percent", percent: 95 })).toMatchObject({ ok: false });
    expect(depositSplit(150, { kind: "percent", percent: 50 })).toEqual({
      ok: false,
      reason: "A deposit needs a price of at least ₹2.",
    });
  });
});
