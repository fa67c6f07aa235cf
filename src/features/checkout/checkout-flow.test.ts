import { describe, expect, it } from "vitest";
import {
  checkoutSummary,
  newIdempotencyKey,
  normaliseIndianMobile,
  parseTempOrder,
  VERIFY_NEXT,
  verifyOutcome,
} from "./checkout-flow";

const line = (
  id: string,
  price: number,
  quantity: number,
  weight: number,
  variant: Record<string, { value: string }> = {},
) => ({
  id,
  product: { name: `Product ${id}`, image: `/images/${id}.webp`, weight },
  variant,
  quantity,
  price,
});

describe("checkout phone (docs/product.md §5, the server's mobile rule)", () => {
  it("accepts a 10-digit Indian mobile with spaces, dashes and a +91, 91 or 0 prefix", () => {
    expect(normaliseIndianMobile("98765 43210")).toBe("9876543210");
    expect(normaliseIndianMobile("+91 98765-43210")).toBe("9876543210");
    expect(normaliseIndianMobile("919876543210")).toBe("9876543210");
    expect(normaliseIndianMobile("09876543210")).toBe("9876543210");
  });

  it("refuses short, empty, landline-like and lettered numbers", () => {
    expect(normaliseIndianMobile("")).toBeNull();
    expect(normaliseIndianMobile("987654321")).toBeNull();
    expect(normaliseIndianMobile("1234567890")).toBeNull();
    expect(normaliseIndianMobile("98765abcde")).toBeNull();
    expect(normaliseIndianMobile("98765432101")).toBeNull();
  });
});

describe("checkout summary", () => {
  it("adds price x quantity, estimates shipping from the total weight, and charges no shipping now", () => {
    const summary = checkoutSummary([
      line("a", 149900, 2, 0.3, { Size: { value: "A4" }, Finish: { value: "Gloss" } }),
      line("b", 49900, 1, 0.06),
    ]);
    expect(summary.subtotal).toBe(349700);
    expect(summary.shippingEstimate).toBe(12000); // 0.66 kg: the "up to 1 kg" tier, ₹120
    expect(summary.total).toBe(349700);
    // By group name (Finish, Size), whatever order the choice's keys come in.
    expect(summary.lines[0]!.variantValues).toEqual(["Gloss", "A4"]);
  });

  it("is empty and free for an empty cart", () => {
    expect(checkoutSummary([])).toEqual({ lines: [], subtotal: 0, shippingEstimate: 0, total: 0 });
  });
});

describe("tempOrder and the verification answer", () => {
  it("reads a stored tempOrder and refuses a malformed one", () => {
    expect(parseTempOrder(JSON.stringify({ order_id: "o1", provider: "local" }))?.order_id).toBe(
      "o1",
    );
    expect(parseTempOrder(JSON.stringify({ order_id: "o1", provider: "paypal" }))).toBeNull();
    expect(parseTempOrder("{not json")).toBeNull();
    expect(parseTempOrder(null)).toBeNull();
  });

  it("treats only the text SUCCESS as paid", () => {
    expect(verifyOutcome("SUCCESS")).toBe("paid");
    expect(verifyOutcome("PENDING")).toBe("not-paid");
    expect(verifyOutcome({ status: "SUCCESS" })).toBe("not-paid");
    expect(VERIFY_NEXT.paid.to("ord_1")).toBe("/my-orders/ord_1/thank-you");
    expect(VERIFY_NEXT["not-paid"].to("ord_1")).toBe("/products");
    expect(VERIFY_NEXT.error.to("ord_1")).toBe("/");
    expect(VERIFY_NEXT["not-paid"]).toMatchObject({
      toast: { type: "warning", message: "Payment not recieved!" },
    });
    expect(VERIFY_NEXT.error).toMatchObject({
      toast: { message: "Payment not processed!" },
    });
  });

  it("makes a new idempotency key per attempt", () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    expect(newIdempotencyKey(() => "x")).toBe("chk-x");
  });
});
