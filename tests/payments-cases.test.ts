/**
 * The cases of docs/decisions/0055-0057 against the fake Cashfree (tests/helpers/fake-cashfree.ts)
 * on PGlite and PostgreSQL. After every case: exactly one order per checkout, at most one paid
 * transition per payment and per order, refunds never above what was paid. Refunds:
 * payments-refunds.test.ts; the shop: tests/helpers/payments-cases.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { recheckDueOrders } from "~/features/checkout/recheck.server";
import { schema } from "~/server/db/client";
import { checkWebhookSignature } from "~/server/payments/signature.server";
import { VECTOR } from "./helpers/cashfree-vector";
import { CART_TOTAL_PAISE } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { fakeSign } from "./helpers/fake-cashfree";
import { paymentsKit } from "./helpers/payments-cases";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe("the fake's own signer", () => {
  it("matches the known vector computed with Cashfree's SDK algorithm, as the shop's verifier does", () => {
    expect(fakeSign(VECTOR.secret, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    const at = Number(VECTOR.timestamp);
    expect(
      checkWebhookSignature(VECTOR.secret, VECTOR.body, VECTOR.signature, VECTOR.timestamp, at),
    ).toEqual({ ok: true });
  });
});

describe.each(dbKinds)("payment cases against the fake Cashfree on %s", (kind) => {
  const k = paymentsKit(kind);
  const { order, paymentsOf, hook, verify, checkout, invariants } = k;

  it("the order is sent with notify_url, a UUID idempotency key and an alphanumeric customer_id", async () => {
    const { uid, id } = await checkout("Al");
    const remote = k.fake.orders.get(id)!;
    expect(remote.order_meta).toMatchObject({
      notify_url: "http://localhost:4321/cashfree/webhook",
    });
    expect(remote.customer_details).toMatchObject({
      customer_id: expect.stringMatching(/^[A-Za-z0-9]{3,50}$/),
      customer_name: "Al.",
    });
    const post = k.fake.requests.find((r) => r.method === "POST" && r.path === "/pg/orders")!;
    expect(String(post.headers["x-idempotency-key"])).toMatch(/^[0-9a-f-]{36}$/);
    await invariants(uid);
  });

  it("a payment of another amount than the order (an offer, fees) pays it; both amounts and the fees are stored", async () => {
    const { uid, token, id } = await checkout();
    const completedAt = new Date(Date.now() - 5_000).toISOString();
    k.fake.pay(id, { amount: CART_TOTAL_PAISE / 100 - 1, fees: 12.5, completedAt });
    expect((await verify(token, id)).text).toBe("SUCCESS");
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    expect(row.paidAt!.toISOString()).toBe(completedAt); // completion time, not the start
    const [p] = await paymentsOf(id);
    expect(p).toMatchObject({
      amountPaise: CART_TOTAL_PAISE - 100,
      orderAmountPaise: CART_TOTAL_PAISE,
      feesPaise: 1250,
      outcome: "paid",
    });
  });

  it("a webhook's fee, at data.payment_surcharge as the OpenAPI's PaymentWebhook puts it, is recorded", async () => {
    const { id } = await checkout();
    const p = k.fake.pay(id, { fees: 12.5 });
    const { body } = k.fake.webhook(id, p);
    // The fake follows the OpenAPI: the fee sits beside the payment, not inside it.
    expect(JSON.parse(body).data.payment_surcharge.payment_surcharge_service_charge).toBe(12.5);
    expect(JSON.parse(body).data.payment.payment_surcharge).toBeUndefined();
    expect((await hook(k.fake.webhook(id, p))).status).toBe(200);
    const [stored] = await paymentsOf(id);
    expect(stored).toMatchObject({ status: "SUCCESS", feesPaise: 1250 });
  });

  it("a payment id first FAILED then SUCCESS pays the order once; its history keeps both; a later FAILED changes nothing", async () => {
    const { uid, id } = await checkout();
    const p = k.fake.pay(id, { status: "FAILED" });
    expect((await hook(k.fake.webhook(id, p))).status).toBe(200);
    expect((await order(id)).paymentStatus).toBe("Failed");
    k.fake.setStatus(id, p.cf_payment_id, "SUCCESS");
    expect((await hook(k.fake.webhook(id, p))).status).toBe(200);
    await recheckDueOrders(k.t.db, k.provider, new Date(Date.now() + 2 * 60_000));
    k.fake.setStatus(id, p.cf_payment_id, "FAILED");
    await hook(k.fake.webhook(id, p));
    const row = await invariants(uid);
    expect(row.status).toBe("processing");
    const [stored] = await paymentsOf(id);
    expect(stored!.status).toBe("SUCCESS");
    expect(stored!.history.map((h) => h.status)).toEqual(["FAILED", "SUCCESS", "FAILED"]);
  });

  it("null fields in a payment entry never make the lookup throw: verify answers, not 502", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id, { status: "PENDING", nulls: true });
    const answer = await verify(token, id);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("PENDING");
    k.fake.pay(id, { nulls: true });
    expect((await verify(token, id)).text).toBe("SUCCESS");
    await invariants(uid);
  });

  it("a webhook without the order's amount asks Cashfree for the order before paying", async () => {
    const { uid, id } = await checkout();
    const p = k.fake.pay(id);
    expect((await hook(k.fake.webhook(id, p, { nullOrder: true }))).status).toBe(200);
    expect((await invariants(uid)).status).toBe("processing");
  });

  it("signed events the shop does not act on are recorded and answered 200; a replay changes nothing", async () => {
    const { uid, id } = await checkout();
    const settle = k.fake.signed(
      `{"data":{"order":{"order_id":"${id}"},"settlement":{"cf_settlement_id":1}},"type":"SETTLEMENT_WEBHOOK"}`,
    );
    expect((await hook(settle)).status).toBe(200);
    const dispute = k.fake.signed(
      `{"data":{"dispute":{"dispute_id":"d1"}},"type":"DISPUTE_CREATED"}`,
    );
    expect((await hook(dispute)).status).toBe(200);
    const p = k.fake.pay(id);
    const w = k.fake.webhook(id, p, { deliveryId: `delivery-${id}` });
    expect((await hook(w)).json).toMatchObject({ effect: "paid" });
    expect((await hook(w)).json).toMatchObject({ effect: "replay" });
    const events = await k.t.db.select().from(schema.webhookEvents);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["SETTLEMENT_WEBHOOK", "DISPUTE_CREATED", "PAYMENT_SUCCESS_WEBHOOK"]),
    );
    const log = await k.t.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, id));
    expect(log.map((l) => l.message).join("\n")).toContain("SETTLEMENT_WEBHOOK");
    await invariants(uid);
  });

  it("an expired order is re-checked on a slowing schedule for 24 hours, records a late success, then stops with a log line", async () => {
    const late = await checkout();
    const quiet = await checkout();
    for (const o of [late, quiet]) k.fake.expire(o.id);
    const expiry = (await order(late.id)).expiresAt!.getTime();
    await recheckDueOrders(k.t.db, k.provider, new Date(expiry + 60_000));
    expect((await order(late.id)).status).toBe("cancelled");
    k.fake.pay(late.id); // began before expiry, succeeded after
    await recheckDueOrders(k.t.db, k.provider, new Date(expiry + 3 * 3_600_000));
    expect((await invariants(late.uid)).status).toBe("processing");
    for (const h of [3, 8, 12, 20, 24.1])
      await recheckDueOrders(k.t.db, k.provider, new Date(expiry + h * 3_600_000));
    const row = await invariants(quiet.uid);
    expect(row).toMatchObject({ status: "cancelled", nextCheckAt: null });
    const log = await k.t.db
      .select()
      .from(schema.orderLog)
      .where(eq(schema.orderLog.orderId, quiet.id));
    expect(log.map((l) => l.message).join("\n")).toContain("stopped asking");
  });
});
