/** The move table (docs/decisions/0023, 0189, 0190): refusals, stamps and payment states. */
import { describe, expect, it } from "vitest";
import {
  allowedTargets,
  moveRefusal,
  movePayment,
  moveStamps,
  PAID_CANCEL_REFUSED,
  type MovableOrder,
} from "./order-moves";

const order = (o: Partial<MovableOrder> = {}): MovableOrder => ({
  status: "pending",
  paymentStatus: "Pending",
  paidAt: null,
  timeline: { pending: "2026-01-01T00:00:00.000Z" },
  ...o,
});
const AT = "2026-01-02T00:00:00.000Z";

describe("the order's moves", () => {
  it("answers the owner's refusals in decision 0023's sentences", () => {
    const processing = order({ status: "processing" });
    expect(moveRefusal(processing, "owner:processing")?.message).toBe(
      "The order is already processing",
    );
    expect(moveRefusal(processing, "owner:delivered")?.message).toBe(
      "An order cannot move from processing to delivered",
    );
    expect(moveRefusal(order({ status: "odd" }), "owner:shipped")?.message).toBe(
      "An order with status odd cannot be changed",
    );
    expect(moveRefusal(processing, "owner:shipped")).toBeNull();
    expect(allowedTargets("shipped")).toEqual(["delivered", "cancelled"]);
    expect(allowedTargets("delivered")).toEqual([]);
  });

  it("refuses the owner's plain cancel of a paid, unrefunded order with a 409; the refund's cancel is allowed", () => {
    const paid = order({ status: "processing", paymentStatus: "Paid", paidAt: AT });
    expect(moveRefusal(paid, "owner:cancelled", 899_900)).toEqual({
      status: 409,
      message: PAID_CANCEL_REFUSED,
    });
    expect(moveRefusal(paid, "owner:cancelled", 0)).toBeNull();
    expect(moveRefusal(paid, "refund:cancelled", 899_900)).toBeNull();
    expect(moveRefusal(order({ status: "cancelled" }), "refund:cancelled")?.message).toBe(
      "The order is already cancelled",
    );
  });

  it("pays a pending or an expired never-paid order, never one paid before", () => {
    expect(moveRefusal(order(), "payment:paid")).toBeNull();
    expect(moveRefusal(order({ status: "cancelled" }), "payment:paid")).toBeNull();
    expect(moveRefusal(order({ status: "cancelled", paidAt: AT }), "payment:paid")).not.toBeNull();
    expect(moveRefusal(order({ status: "processing" }), "payment:paid")).not.toBeNull();
    expect(moveStamps(order(), "payment:paid", AT)).toEqual({ processing: AT });
  });

  it("keeps an amount mismatch through expiry and against a later failure", () => {
    const mismatch = order({ paymentStatus: "Amount mismatch" });
    expect(movePayment(mismatch, "expiry:cancelled")).toBe("Amount mismatch");
    expect(movePayment(order(), "expiry:cancelled")).toBe("Expired");
    expect(moveRefusal(mismatch, "payment:failed")).not.toBeNull();
    expect(moveRefusal(order({ paidAt: AT }), "expiry:cancelled")).not.toBeNull();
  });

  it("fills a courier's missing shipped stamp on delivery, and only when missing", () => {
    expect(moveStamps(order({ status: "processing" }), "courier:delivered", AT)).toEqual({
      delivered: AT,
      shipped: AT,
    });
    const shipped = order({ status: "shipped", timeline: { shipped: "2026-01-01T05:00:00Z" } });
    expect(moveStamps(shipped, "courier:delivered", AT)).toEqual({ delivered: AT });
  });
});
