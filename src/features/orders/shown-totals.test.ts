/**
 * The order page's totals (docs/decisions/0204-an-order-and-its-payments.md): the total shown is
 * the sum of the lines shown above it, across a discount, a shipping charge paid later, and an
 * order that carried its own shipping.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import OrderItems from "./OrderItems";
import { shownTotals } from "./orders";

const shownTotal = (html: string) => /data-order-total="true">([^<]+)</.exec(html)?.[1];
const shownShipping = (html: string) => /data-order-shipping="true">([^<]+)</.exec(html)?.[1];

describe("the totals an order shows", () => {
  it("2,849 - 284.90 + 95 shipping paid later shows 2,659.10, not 2,564.10", () => {
    const pricing = { subtotal: 284_900, discount: 28_490, shipping: 0, total: 256_410 };
    const html = renderToStaticMarkup(
      createElement(OrderItems, { items: [], pricing, shippingCharged: 9_500, titleId: "t" }),
    );
    expect(shownShipping(html)).toBe("₹95.00");
    expect(shownTotal(html)).toBe("₹2,659.10");
    expect(shownTotals(pricing, 9_500)).toEqual({
      subtotal: 284_900,
      discount: 28_490,
      shipping: 9_500,
      total: 265_910,
    });
  });

  it("the total is the lines' sum before a charge is known, and with the order's own shipping", () => {
    const lines = (t: ReturnType<typeof shownTotals>) => t.subtotal - t.discount + t.shipping;
    for (const [pricing, charged] of [
      [{ subtotal: 284_900, discount: 28_490, shipping: 0, total: 256_410 }, null],
      [{ subtotal: 100_000, discount: 10_000, shipping: 5_000, total: 95_000 }, null],
      [{ subtotal: 100_000, discount: 10_000, shipping: 5_000, total: 95_000 }, 7_000],
      [{ subtotal: 135_000, discount: 0, total: 135_000 }, 18_000],
    ] as const) {
      const shown = shownTotals(pricing, charged);
      expect(shown.total).toBe(lines(shown));
    }
  });
});
