import { describe, expect, it } from "vitest";
import type { OrderJson } from "~/features/orders/orders";
import { statusMail } from "./order-mail";

const SHOP = { name: "Resin Tales", siteUrl: "http://localhost:4321" };
const person = { firstName: "Asha", lastName: "Verma", phone: "", email: "asha@example.com" };
const order = (over: Partial<OrderJson>): OrderJson =>
  ({
    id: "ord 1",
    status: "processing",
    shippingName: person,
    billingName: person,
    shipping: { method: "standard", cost: 0, trackingNumber: "" },
    ...over,
  }) as OrderJson;

describe("the shopper's mail when the owner moves an order", () => {
  it("names the new status and links to the order", () => {
    const mail = statusMail(order({}), SHOP)!;
    expect(mail.to).toBe("asha@example.com");
    expect(mail.subject).toBe("Resin Tales: your order ord 1 is Processing");
    expect(mail.text).toContain("Hello Asha,");
    expect(mail.text).toContain("http://localhost:4321/my-orders/ord%201");
    expect(mail.text).not.toContain("Tracking number");
  });

  it("adds the tracking number and shipping cost when shipped", () => {
    const mail = statusMail(
      order({
        status: "shipped",
        shipping: { method: "standard", cost: 12050, trackingNumber: "DTDC-1" },
      }),
      SHOP,
    )!;
    expect(mail.text).toContain("Tracking number: DTDC-1");
    expect(mail.text).toContain("Shipping cost: ₹120.50");
  });

  it("falls back to the billing email, and sends nothing without any", () => {
    expect(
      statusMail(
        order({
          shippingName: { ...person, email: "" },
          billingName: { ...person, email: "pay@example.com" },
        }),
        SHOP,
      )!.to,
    ).toBe("pay@example.com");
    expect(
      statusMail(
        order({ shippingName: { ...person, email: "" }, billingName: { ...person, email: " " } }),
        SHOP,
      ),
    ).toBeNull();
  });
});
