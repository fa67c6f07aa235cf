import { describe, expect, it, vi } from "vitest";
import type { TempOrder } from "./checkout-flow";
import { verifyReturn, type VerifyEffects } from "./verify-return";

const TEMP: TempOrder = {
  order_id: "ord-1",
  provider: "cashfree",
  customer_name: "Asha Verma",
  customer_email: "asha@example.com",
  customer_phone: "9876543210",
  order_amount: 149900,
  address_id: "addr-1",
};

function effects(answer: () => Promise<unknown>, stored: TempOrder | null = TEMP) {
  const fx = {
    readTempOrder: vi.fn(() => stored),
    removeTempOrder: vi.fn(),
    verify: vi.fn(answer),
    refreshCart: vi.fn(async () => {}),
    leave: vi.fn(),
  } satisfies VerifyEffects;
  return fx;
}

describe("payment return (docs/product.md §4)", () => {
  it("SUCCESS removes the tempOrder, refreshes the cart and goes to the order's thank-you page with 'Order Placed'", async () => {
    const fx = effects(async () => "SUCCESS");
    expect(await verifyReturn("ord-1", "local", fx)).toBe("paid");
    expect(fx.verify).toHaveBeenCalledWith("cashfree", "ord-1", TEMP);
    expect(fx.removeTempOrder).toHaveBeenCalledOnce();
    expect(fx.refreshCart).toHaveBeenCalledOnce();
    expect(fx.leave).toHaveBeenCalledWith("/my-orders/ord-1/thank-you", {
      type: "success",
      title: "Order Placed",
      message: "Payment recieved and verified",
    });
  });

  it("any other text warns 'Payment not recieved!' and goes to /products, keeping the cart", async () => {
    const fx = effects(async () => "FAILED");
    expect(await verifyReturn("ord-1", "local", fx)).toBe("not-paid");
    expect(fx.refreshCart).not.toHaveBeenCalled();
    expect(fx.leave).toHaveBeenCalledWith("/products", {
      type: "warning",
      title: "Order not Placed",
      message: "Payment not recieved!",
    });
  });

  it("an error says 'Payment not processed!' and goes to /", async () => {
    const fx = effects(async () => {
      throw new Error("404");
    });
    expect(await verifyReturn("ord-1", "local", fx)).toBe("error");
    expect(fx.removeTempOrder).not.toHaveBeenCalled();
    expect(fx.leave).toHaveBeenCalledWith("/", {
      type: "error",
      title: "Order not Placed",
      message: "Payment not processed!",
    });
  });

  it("uses the configured provider and an empty body when the tempOrder is another order's or absent", async () => {
    const other = effects(async () => "SUCCESS", { ...TEMP, order_id: "ord-9" });
    await verifyReturn("ord-1", "local", other);
    expect(other.verify).toHaveBeenCalledWith("local", "ord-1", null);
    const none = effects(async () => "SUCCESS", null);
    await verifyReturn("ord-1", "local", none);
    expect(none.verify).toHaveBeenCalledWith("local", "ord-1", null);
  });

  it("still goes to the thank-you page when refreshing the cart fails", async () => {
    const fx = effects(async () => "SUCCESS");
    fx.refreshCart.mockRejectedValueOnce(new Error("offline"));
    await verifyReturn("ord-1", "local", fx);
    expect(fx.leave).toHaveBeenCalledWith(
      "/my-orders/ord-1/thank-you",
      expect.objectContaining({ title: "Order Placed" }),
    );
  });
});
