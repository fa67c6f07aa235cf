import { describe, expect, it } from "vitest";
import {
  DISCOUNT_REFUSALS,
  discountOn,
  limitRefusal,
  MIN_PAYABLE_PAISE,
  normaliseCode,
  priceDiscount,
  spreadDiscount,
  type DiscountCodeRule,
  type DiscountContext,
} from "./discount-rules";

const NOW = new Date("2026-11-25T06:30:00Z");
const rule = (over: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  code: "DIWALI10",
  kind: "percent",
  percentBasisPoints: 1000,
  amountPaise: 0,
  minOrderPaise: 0,
  capPaise: null,
  startsAt: null,
  endsAt: null,
  totalUses: null,
  usesPerShopper: null,
  productIds: [],
  categoryIds: [],
  active: true,
  forQuotes: false,
  ...over,
});
const ctx = (over: Partial<DiscountContext> = {}): DiscountContext => ({
  lines: [
    { productId: "frame", categoryId: "frames", quantity: 2, pricePaise: 149900 },
    { productId: "tag", categoryId: "tags", quantity: 1, pricePaise: 49900 },
  ],
  now: NOW,
  usesSoFar: 0,
  shopperUses: 0,
  paying: "cart",
  ...over,
});
const refusal = (r: ReturnType<typeof priceDiscount>) => (r.ok ? "applied" : r.reason);

describe("discount arithmetic", () => {
  it("takes a percentage of the subtotal, rounded down to the paisa", () => {
    const r = priceDiscount(rule(), ctx());
    expect(r).toMatchObject({ ok: true, discountPaise: 34970, subtotalPaise: 349700 });
    expect(discountOn(rule({ percentBasisPoints: 1250 }), 999)).toBe(124); // 124.875 -> 124
    expect(discountOn(rule({ percentBasisPoints: 10000 }), 5000)).toBe(5000);
  });

  it("caps a percentage at its maximum, and only a percentage", () => {
    expect(discountOn(rule({ capPaise: 20000 }), 349700)).toBe(20000);
    expect(discountOn(rule({ capPaise: 50000 }), 349700)).toBe(34970);
    expect(discountOn(rule({ kind: "fixed", amountPaise: 30000, capPaise: 100 }), 349700)).toBe(
      30000,
    );
  });

  it("never takes off more than the eligible lines are worth", () => {
    expect(discountOn(rule({ kind: "fixed", amountPaise: 900000 }), 49900)).toBe(49900);
    const r = priceDiscount(
      rule({ kind: "fixed", amountPaise: 900000, productIds: ["tag"] }),
      ctx(),
    );
    expect(r).toMatchObject({ ok: true, discountPaise: 49900, lineDiscounts: [0, 49900] });
  });

  it("spreads the discount by value; the last line takes the remainder, so lines sum exactly", () => {
    expect(spreadDiscount(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(spreadDiscount(34970, [299800, 49900])).toEqual([29980, 4990]);
    expect(spreadDiscount(7, [0, 10, 0])).toEqual([0, 7, 0]);
    for (const [d, values] of [
      [1, [3, 5, 7]],
      [999, [123, 456, 789, 1]],
      [50000, [149900, 0, 49900]],
    ] as const) {
      const shares = spreadDiscount(d, values);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(d);
      for (const s of shares) expect(s).toBeGreaterThanOrEqual(0);
    }
  });

  it("limits to products or categories: only those lines are discounted", () => {
    const byCategory = priceDiscount(rule({ categoryIds: ["frames"] }), ctx());
    expect(byCategory).toMatchObject({ ok: true, discountPaise: 29980, lineDiscounts: [29980, 0] });
    const byProduct = priceDiscount(rule({ productIds: ["tag"] }), ctx());
    expect(byProduct).toMatchObject({ ok: true, discountPaise: 4990, lineDiscounts: [0, 4990] });
  });

  it("a code is matched without case and without spaces around it", () => {
    expect(normaliseCode("  diwali10 ")).toBe("DIWALI10");
  });
});

describe("every limit refuses in one sentence", () => {
  it("inactive", () => {
    expect(refusal(priceDiscount(rule({ active: false }), ctx()))).toBe(DISCOUNT_REFUSALS.inactive);
  });
  it("not started: the start is shown in India time; the very moment it starts it applies", () => {
    const startsAt = new Date("2026-11-26T18:30:00Z");
    expect(refusal(priceDiscount(rule({ startsAt }), ctx()))).toBe(
      "This code starts on 27 Nov 2026, 00:00.",
    );
    expect(priceDiscount(rule({ startsAt }), ctx({ now: startsAt })).ok).toBe(true);
  });
  it("expired: at its end it no longer applies; a moment before it does", () => {
    const endsAt = new Date("2026-11-25T06:30:00Z");
    expect(refusal(priceDiscount(rule({ endsAt }), ctx()))).toBe(
      "This code expired on 25 Nov 2026, 12:00.",
    );
    expect(priceDiscount(rule({ endsAt }), ctx({ now: new Date(endsAt.getTime() - 1) })).ok).toBe(
      true,
    );
  });
  it("minimum not met; exactly the minimum is enough", () => {
    expect(refusal(priceDiscount(rule({ minOrderPaise: 349701 }), ctx()))).toBe(
      "This code needs an order of at least ₹3,497.01; add more to your cart.",
    );
    expect(priceDiscount(rule({ minOrderPaise: 349700 }), ctx()).ok).toBe(true);
  });
  it("used up: the last use is available, then none", () => {
    expect(priceDiscount(rule({ totalUses: 5 }), ctx({ usesSoFar: 4 })).ok).toBe(true);
    expect(refusal(priceDiscount(rule({ totalUses: 5 }), ctx({ usesSoFar: 5 })))).toBe(
      DISCOUNT_REFUSALS.usedUp,
    );
  });
  it("uses per shopper", () => {
    expect(priceDiscount(rule({ usesPerShopper: 1 }), ctx({ usesSoFar: 9 })).ok).toBe(true);
    expect(refusal(priceDiscount(rule({ usesPerShopper: 1 }), ctx({ shopperUses: 1 })))).toBe(
      DISCOUNT_REFUSALS.shopperUsedUp,
    );
  });
  it("not for these items", () => {
    expect(
      refusal(priceDiscount(rule({ productIds: ["lamp"], categoryIds: ["art"] }), ctx())),
    ).toBe(DISCOUNT_REFUSALS.notForItems);
  });
  it("a quote takes only a code the owner allowed on quotes", () => {
    const quoteLines = [{ productId: null, categoryId: null, quantity: 1, pricePaise: 500000 }];
    expect(refusal(priceDiscount(rule(), ctx({ paying: "quote", lines: quoteLines })))).toBe(
      DISCOUNT_REFUSALS.notForQuotes,
    );
    expect(
      priceDiscount(rule({ forQuotes: true }), ctx({ paying: "quote", lines: quoteLines })),
    ).toMatchObject({ ok: true, discountPaise: 50000 });
  });
  it("a code that would take nothing off (a tiny percentage of a tiny line)", () => {
    const lines = [{ productId: "p", categoryId: null, quantity: 1, pricePaise: 5 }];
    expect(refusal(priceDiscount(rule({ percentBasisPoints: 1 }), ctx({ lines })))).toBe(
      DISCOUNT_REFUSALS.nothingOff,
    );
  });
  it("a shopper's own holds count against that shopper only, paid limits first (decision 0174)", () => {
    const until = new Date("2026-11-25T07:00:00Z");
    const holds = { count: 1, orderId: "ord_1", until };
    const held = DISCOUNT_REFUSALS.heldByYou("ord_1", until);
    expect(held).toBe(
      "Your unpaid order ord_1 holds this code until 25 Nov 2026, 12:30; pay that order, or cancel its payment, to use the code here.",
    );
    expect(refusal(priceDiscount(rule({ totalUses: 1 }), ctx({ shopperHolds: holds })))).toBe(held);
    expect(
      refusal(
        priceDiscount(rule({ usesPerShopper: 2 }), ctx({ shopperUses: 1, shopperHolds: holds })),
      ),
    ).toBe(held);
    expect(priceDiscount(rule({ usesPerShopper: 2 }), ctx({ shopperHolds: holds })).ok).toBe(true);
    expect(
      priceDiscount(rule({ totalUses: 3 }), ctx({ usesSoFar: 1, shopperHolds: holds })).ok,
    ).toBe(true);
    expect(
      refusal(priceDiscount(rule({ totalUses: 1 }), ctx({ usesSoFar: 1, shopperHolds: holds }))),
    ).toBe(DISCOUNT_REFUSALS.usedUp);
    expect(
      limitRefusal(rule({ totalUses: 1 }), { paid: 0, shopperPaid: 0, holds: null }),
    ).toBeNull();
  });
  it("never leaves less than ₹1.00 to pay: 100 %, a fixed amount above the subtotal (decision 0175)", () => {
    const below = DISCOUNT_REFUSALS.belowPayable;
    expect(refusal(priceDiscount(rule({ percentBasisPoints: 10_000 }), ctx()))).toBe(below);
    const fixed = (amountPaise: number) =>
      rule({ kind: "fixed", percentBasisPoints: 0, amountPaise });
    expect(refusal(priceDiscount(fixed(900_000), ctx()))).toBe(below);
    expect(refusal(priceDiscount(fixed(349_700 - MIN_PAYABLE_PAISE + 1), ctx()))).toBe(below);
    expect(priceDiscount(fixed(349_700 - MIN_PAYABLE_PAISE), ctx())).toMatchObject({ ok: true });
    // A 100 % code on some of the items leaves the rest to pay.
    expect(
      priceDiscount(rule({ percentBasisPoints: 10_000, productIds: ["tag"] }), ctx()),
    ).toMatchObject({ ok: true, discountPaise: 49_900 });
  });
});
