import { describe, expect, it } from "vitest";
import { cashfreeCustomer, cashfreeCustomerId, idempotencyUuid } from "./cashfree-customer";

describe("customer_details within Cashfree's limits", () => {
  const base = {
    id: "firebase:UID_with-odd.chars",
    name: "Asha Rao",
    email: "a@b.in",
    phone: "9876543210",
  };

  it("customer_id is alphanumeric, 3-50 characters, stable per uid", () => {
    const id = cashfreeCustomerId(base.id);
    expect(id).toMatch(/^[A-Za-z0-9]{3,50}$/);
    expect(cashfreeCustomerId(base.id)).toBe(id);
    expect(cashfreeCustomerId("other")).not.toBe(id);
    expect(cashfreeCustomer(base).customer_id).toBe(id);
  });

  it("a short name is padded, a long one cut at 100 characters, an empty one left out", () => {
    expect(cashfreeCustomer({ ...base, name: "Al" }).customer_name).toBe("Al.");
    expect(cashfreeCustomer({ ...base, name: " J " }).customer_name).toBe("J..");
    const long = cashfreeCustomer({ ...base, name: "ज".repeat(150) }).customer_name!;
    expect(Array.from(long)).toHaveLength(100);
    expect(cashfreeCustomer({ ...base, name: "  " })).not.toHaveProperty("customer_name");
  });

  it("an email longer than 100 characters is left out; the phone is 10 digits", () => {
    const email = `${"a".repeat(95)}@b.in.co`;
    expect(cashfreeCustomer({ ...base, email })).not.toHaveProperty("customer_email");
    expect(cashfreeCustomer(base)).toMatchObject({
      customer_email: "a@b.in",
      customer_phone: "9876543210",
    });
  });

  it("the idempotency key is a UUID, the same for the same call", () => {
    const key = idempotencyUuid("create:ord_1");
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyUuid("create:ord_1")).toBe(key);
    expect(idempotencyUuid("create:ord_2")).not.toBe(key);
  });
});
