import { describe, expect, it } from "vitest";
import type { ProviderPayment } from "~/server/payments/provider";
import { normaliseIndianPhone, orderTotals } from "./checkout";
import { paymentEffect } from "./payment-record.server";
import { verifyText } from "./payment-sync.server";

describe("phone normalisation (10-digit Indian mobile)", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["98765 43210", "9876543210"],
    ["98765-43210", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["+91-9876543210", "9876543210"],
    ["919876543210", "9876543210"],
    ["09876543210", "9876543210"],
  ])("%s -> %s", (input, expected) => expect(normaliseIndianPhone(input)).toBe(expected));

  it.each([
    "",
    "12345",
    "5876543210",
    "98765432101",
    "+1 9876543210",
    "98765x3210",
    "0091 9876543210",
  ])("refuses %j", (input) => expect(normaliseIndianPhone(input)).toBeNull());
});

describe("order totals", () => {
  it("sums price x quantity in paise; shipping and discount are 0 at order time", () => {
    expect(
      orderTotals([
        { quantity: 2, pricePaise: 149900 },
        { quantity: 1, pricePaise: 49950 },
      ]),
    ).toEqual({
      subtotal: 349750,
      discount: 0,
      shipping: 0,
      total: 349750,
    });
    expect(orderTotals([])).toMatchObject({ total: 0 });
  });
});

describe("payment transitions", () => {
  const pay = (over: Partial<ProviderPayment> = {}): ProviderPayment => ({
    paymentId: "p1",
    status: "SUCCESS",
    amountPaise: 1000,
    currency: "INR",
    orderAmountPaise: null,
    orderCurrency: null,
    feesPaise: 0,
    offers: null,
    paidAt: null,
    upiId: "",
    raw: {},
    ...over,
  });
  const pending = { status: "pending", paidAt: null, totalPaise: 1000 };

  it("a matching success pays a pending order; after expiry it is a late payment; on a paid order a duplicate", () => {
    expect(paymentEffect(pending, pay())).toBe("paid");
    expect(paymentEffect({ ...pending, status: "cancelled" }, pay())).toBe("late-paid");
    expect(paymentEffect({ ...pending, status: "processing", paidAt: new Date() }, pay())).toBe(
      "duplicate",
    );
    expect(paymentEffect({ ...pending, status: "cancelled", paidAt: new Date() }, pay())).toBe(
      "duplicate",
    );
  });

  it("a different amount or currency is a mismatch, never paid", () => {
    expect(paymentEffect(pending, pay({ amountPaise: 999 }))).toBe("mismatch");
    expect(paymentEffect(pending, pay({ amountPaise: Number.NaN }))).toBe("mismatch");
    expect(paymentEffect(pending, pay({ currency: "USD" }))).toBe("mismatch");
  });

  it("paid is decided on the order's amount as the provider reports it, not the payment's (fees, offers)", () => {
    // Cashfree's own success sample: order_amount 2, payment_amount 1 (an offer).
    const offer = pay({ amountPaise: 500, orderAmountPaise: 1000, orderCurrency: "INR" });
    expect(paymentEffect(pending, offer)).toBe("paid");
    const fees = pay({ amountPaise: 1030, orderAmountPaise: 1000, orderCurrency: "INR" });
    expect(paymentEffect(pending, fees)).toBe("paid");
    expect(paymentEffect(pending, pay({ amountPaise: 1000, orderAmountPaise: 900 }))).toBe(
      "mismatch",
    );
    expect(paymentEffect(pending, pay({ orderAmountPaise: 1000, orderCurrency: "USD" }))).toBe(
      "mismatch",
    );
  });

  it("failed and dropped attempts are recorded as such", () => {
    expect(paymentEffect(pending, pay({ status: "FAILED" }))).toBe("failed");
    expect(paymentEffect(pending, pay({ status: "USER_DROPPED" }))).toBe("dropped");
  });

  it("verify answers SUCCESS only for a paid order", () => {
    expect(verifyText({ paidAt: new Date(), paymentStatus: "Paid", status: "processing" })).toBe(
      "SUCCESS",
    );
    expect(verifyText({ paidAt: null, paymentStatus: "Pending", status: "pending" })).toBe(
      "PENDING",
    );
    expect(verifyText({ paidAt: null, paymentStatus: "Failed", status: "pending" })).toBe("FAILED");
    expect(verifyText({ paidAt: null, paymentStatus: "Amount mismatch", status: "pending" })).toBe(
      "FAILED",
    );
    expect(verifyText({ paidAt: null, paymentStatus: "Expired", status: "cancelled" })).toBe(
      "EXPIRED",
    );
  });
});
