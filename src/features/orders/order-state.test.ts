import { describe, expect, it } from "vitest";
import { orderStateNote } from "./order-state";
import { shippingCharged } from "./orders";

const base = {
  status: "pending",
  timeline: { pending: "2026-11-25T06:00:00.000Z" } as Record<string, string>,
  updatedAt: "2026-11-25T06:00:00.000Z",
  paymentExpiresAt: "2026-11-25T06:30:00.000Z" as string | null,
  shipping: { method: "standard", cost: 0, trackingNumber: "" },
  payment: { method: "UPI", status: "Failed", transactionId: "", amount: 0 },
};
const now = new Date("2026-11-25T06:10:00.000Z");

describe("orderStateNote", () => {
  it("a pending order says when it lapses unless paid (India time)", () => {
    expect(orderStateNote(base, now)).toEqual({
      tone: "waiting",
      title: "Waiting for payment",
      lines: [
        "Unless it is paid, this order will be cancelled on 25 Nov 2026, 12:00 (India time).",
      ],
    });
  });

  it("a pending order past its deadline says it will be cancelled shortly", () => {
    const note = orderStateNote(base, new Date("2026-11-25T07:00:00.000Z"));
    expect(note?.tone).toBe("ended");
    expect(note?.title).toBe("Payment not received");
  });

  it("shipped: the date and the tracking number; delivered: when it arrived", () => {
    const shipped = {
      ...base,
      status: "shipped",
      timeline: { ...base.timeline, shipped: "2026-11-26T04:30:00.000Z" },
      shipping: { ...base.shipping, trackingNumber: "DTDC-1" },
    };
    expect(orderStateNote(shipped, now)?.lines).toEqual([
      "Shipped on 26 Nov 2026, 10:00.",
      "Tracking number: DTDC-1",
    ]);
    const delivered = {
      ...shipped,
      status: "delivered",
      timeline: { ...shipped.timeline, delivered: "2026-11-28T09:00:00.000Z" },
    };
    expect(orderStateNote(delivered, now)?.lines[0]).toBe("Arrived on 28 Nov 2026, 14:30.");
  });

  it("says nothing about a processing order", () => {
    expect(orderStateNote({ ...base, status: "processing" }, now)).toBeNull();
  });
});

describe("shippingCharged", () => {
  it("is unknown until a charge is known, shipped or not; then what was charged", () => {
    expect(shippingCharged({ shipping: base.shipping })).toBeNull();
    // A parcel booked or picked up says nothing of the charge: not a ₹0.00 "charged" line.
    const shipped = { status: "shipped", shipping: { ...base.shipping, cost: 0 } };
    expect(shippingCharged(shipped)).toBeNull();
    const delivered = { ...shipped, status: "delivered" };
    expect(shippingCharged(delivered)).toBeNull();
    expect(shippingCharged({ shipping: { ...base.shipping, cost: 12000 } })).toBe(12000);
  });
});
