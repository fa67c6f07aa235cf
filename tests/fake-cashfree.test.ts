/**
 * The fake Cashfree enforces the published constraints (OpenAPI 2025-01-01): every 2-decimal
 * amount from 1.00 is valid (19.99 too), more decimals or below 1 are not; customer_id is
 * required and alphanumeric; name and email 3-100 characters; x-idempotency-key a UUID; a refund
 * never above the payment. So the shop's calls are checked against the real rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_ID,
  FAKE_SECRET,
  startFakeCashfree,
  type FakeCashfree,
} from "./helpers/fake-cashfree";

describe("the fake Cashfree's constraints", () => {
  let fake: FakeCashfree;
  let n = 0;
  beforeAll(async () => {
    fake = await startFakeCashfree();
  });
  afterAll(() => fake.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "x-client-id": FAKE_ID,
        "x-client-secret": FAKE_SECRET,
        "x-api-version": "2025-01-01",
        "content-type": "application/json",
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const order = (extra: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) => ({
    order_id: `ord_fake_${++n}`,
    order_amount: 19.99,
    order_currency: "INR",
    customer_details: { customer_id: "c0a1b2", customer_phone: "9876543210", ...customer },
    ...extra,
  });

  it("accepts every 2-decimal amount from 1.00 (19.99, 0.1+0.2 style sums written with 2 decimals)", async () => {
    for (const amount of [1, 19.99, 1.1, 999.99, 4500.5, 0.29 + 1]) {
      const answer = await post("/orders", order({ order_amount: Number(amount.toFixed(2)) }));
      expect(answer.status, String(amount)).toBe(200);
    }
    for (const amount of [0.99, 19.999, -5, "19.99"]) {
      expect((await post("/orders", order({ order_amount: amount }))).status, String(amount)).toBe(
        400,
      );
    }
  });

  it("requires an alphanumeric customer_id of 3-50 characters and names and emails of 3-100", async () => {
    expect((await post("/orders", order({}, { customer_id: undefined }))).status).toBe(400);
    expect((await post("/orders", order({}, { customer_id: "uid_with-dash" }))).status).toBe(400);
    expect((await post("/orders", order({}, { customer_name: "Al" }))).status).toBe(400);
    expect(
      (await post("/orders", order({}, { customer_email: `${"a".repeat(98)}@b.in` }))).status,
    ).toBe(400);
    expect((await post("/orders", order({}, { customer_phone: "+91987654321" }))).status).toBe(400);
    expect((await post("/orders", order({}, { customer_name: "Ala" }))).status).toBe(200);
  });

  it("refuses an idempotency key that is not a UUID", async () => {
    const answer = await post("/orders", order(), { "x-idempotency-key": "create:ord_1" });
    expect(answer.status).toBe(400);
    const uuid = await post("/orders", order(), {
      "x-idempotency-key": "47bf8872-46fe-11ee-be56-0242ac120002",
    });
    expect(uuid.status).toBe(200);
  });

  it("refunds never above the payment, with a unique refund_id", async () => {
    const body = order({ order_amount: 100 });
    expect((await post("/orders", body)).status).toBe(200);
    fake.pay(body.order_id, { amount: 100 });
    const path = `/orders/${body.order_id}/refunds`;
    expect((await post(path, { refund_amount: 60, refund_id: "rfa1" })).status).toBe(200);
    expect((await post(path, { refund_amount: 60, refund_id: "rfa2" })).status).toBe(400);
    expect((await post(path, { refund_amount: 40, refund_id: "rfa1" })).status).toBe(409);
    expect((await post(path, { refund_amount: 40, refund_id: "rfa3" })).status).toBe(200);
  });
});
