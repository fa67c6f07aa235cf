/**
 * The cases of docs/decisions/0055-0057 against the fake Cashfree (tests/helpers/fake-cashfree.ts)
 * on PGlite and PostgreSQL. After every case: exactly one order per checkout, at most one paid
 * transition per payment and per order, refunds never above what was paid.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { recheckDueOrders } from "../src/features/checkout/recheck.server";
import { recheckDueRefunds } from "../src/features/refunds/refund-jobs.server";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { CashfreeProvider } from "../src/server/payments/cashfree.server";
import { resetPaymentConfigForTests } from "../src/server/payments/config.server";
import { setPaymentProviderForTests } from "../src/server/payments/index.server";
import { checkWebhookSignature } from "../src/server/payments/signature.server";
import { call } from "./helpers/call";
import { VECTOR } from "./helpers/cashfree-vector";
import { CART_TOTAL_PAISE, makeShop, makeShopper, orderBody, type Shop } from "./helpers/checkout";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import {
  FAKE_ID,
  FAKE_SECRET,
  fakeSign,
  startFakeCashfree,
  type FakeCashfree,
} from "./helpers/fake-cashfree";

vi.mock("../src/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("../src/pages/create-order");
const verifyRoute = await import("../src/pages/[provider]/verify");
const webhookRoute = await import("../src/pages/[provider]/webhook");
const refundsRoute = await import("../src/pages/v2/admin/order/[id]/refunds");

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
  let t: TestDb;
  let shop: Shop;
  let fake: FakeCashfree;
  let provider: CashfreeProvider;
  let n = 0;
  const saved = { ...process.env };
  const OWNER = "test:owner-payments";

  beforeAll(async () => {
    fake = await startFakeCashfree();
    Object.assign(process.env, {
      DEMO_MODE: "false",
      PAYMENT_PROVIDER: "cashfree",
      CASHFREE_CLIENT_ID: FAKE_ID,
      CASHFREE_CLIENT_SECRET: FAKE_SECRET,
      CASHFREE_BASE_URL: fake.baseUrl,
    });
    resetEnvForTests();
    resetPaymentConfigForTests();
    provider = new CashfreeProvider({
      baseUrl: fake.baseUrl,
      clientId: FAKE_ID,
      clientSecret: FAKE_SECRET,
      timeoutMs: 2_000,
    });
    setPaymentProviderForTests(provider);
    t = await createTestDb(kind);
    shop = await makeShop(t.db);
    await t.db
      .insert(schema.users)
      .values({ id: "owner-payments", email: "owner@example.com", role: "tm_admin" } as never);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    process.env = saved;
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
  });
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  const order = async (id: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const paymentsOf = (id: string) =>
    t.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
  const hook = (w: { body: string; headers: Record<string, string> }) =>
    call(webhookRoute.POST, "/cashfree/webhook", {
      method: "POST",
      rawBody: w.body,
      headers: w.headers,
      params: { provider: "cashfree" },
    });
  const verify = (token: string, id: string) =>
    call(verifyRoute.POST, `/cashfree/verify?order_id=${id}`, {
      method: "POST",
      token,
      body: {},
      params: { provider: "cashfree" },
    });
  const refund = (id: string, body: unknown) =>
    call(refundsRoute.POST, `/v2/admin/order/${id}/refunds`, {
      method: "POST",
      token: OWNER,
      body,
      params: { id },
    });

  async function checkout(name = "Asha Verma") {
    const who = await makeShopper(t.db, shop, `pc-${kind}-${++n}`);
    const created = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: who.token,
      body: orderBody({ idempotency_key: `attempt-${who.uid}`, customer_name: name }),
    });
    expect(created.status).toBe(200);
    return { ...who, id: created.json.order_id as string };
  }

  /** One order per checkout; one paid transition per payment and per order; refunds <= paid. */
  async function invariants(uid: string) {
    const rows = await t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    const pays = await paymentsOf(id);
    expect(
      pays.filter((p) => p.outcome === "paid" || p.outcome === "late-paid").length,
    ).toBeLessThanOrEqual(1);
    const paid = pays.filter((p) => p.status === "SUCCESS").reduce((s, p) => s + p.amountPaise, 0);
    const refunds = await t.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, id));
    const out = refunds
      .filter((r) => r.status === "PENDING" || r.status === "SUCCESS")
      .reduce((s, r) => s + r.amountPaise, 0);
    expect(out).toBeLessThanOrEqual(paid);
    const mails = (await t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.includes(`order ${id} confirmed`),
    );
    expect(mails.length).toBeLessThanOrEqual(1);
    return rows[0]!;
  }

  it("the order is sent with notify_url, a UUID idempotency key and an alphanumeric customer_id", async () => {
    const { uid, id } = await checkout("Al");
    const remote = fake.orders.get(id)!;
    expect(remote.order_meta).toMatchObject({
      notify_url: "http://localhost:4321/cashfree/webhook",
    });
    expect(remote.customer_details).toMatchObject({
      customer_id: expect.stringMatching(/^[A-Za-z0-9]{3,50}$/),
      customer_name: "Al.",
    });
    const post = fake.requests.find((r) => r.method === "POST" && r.path === "/pg/orders")!;
    expect(String(post.headers["x-idempotency-key"])).toMatch(/^[0-9a-f-]{36}$/);
    await invariants(uid);
  });

  it("a payment of another amount than the order (an offer, fees) pays it; both amounts and the fees are stored", async () => {
    const { uid, token, id } = await checkout();
    const completedAt = new Date(Date.now() - 5_000).toISOString();
    fake.pay(id, { amount: CART_TOTAL_PAISE / 100 - 1, fees: 12.5, completedAt });
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

  it("a payment id first FAILED then SUCCESS pays the order once; its history keeps both; a later FAILED changes nothing", async () => {
    const { uid, id } = await checkout();
    const p = fake.pay(id, { status: "FAILED" });
    expect((await hook(fake.webhook(id, p))).status).toBe(200);
    expect((await order(id)).paymentStatus).toBe("Failed");
    fake.setStatus(id, p.cf_payment_id, "SUCCESS");
    expect((await hook(fake.webhook(id, p))).status).toBe(200);
    await recheckDueOrders(t.db, provider, new Date(Date.now() + 2 * 60_000));
    fake.setStatus(id, p.cf_payment_id, "FAILED");
    await hook(fake.webhook(id, p));
    const row = await invariants(uid);
    expect(row.status).toBe("processing");
    const [stored] = await paymentsOf(id);
    expect(stored!.status).toBe("SUCCESS");
    expect(stored!.history.map((h) => h.status)).toEqual(["FAILED", "SUCCESS", "FAILED"]);
  });

  it("null fields in a payment entry never make the lookup throw: verify answers, not 502", async () => {
    const { uid, token, id } = await checkout();
    fake.pay(id, { status: "PENDING", nulls: true });
    const answer = await verify(token, id);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("PENDING");
    fake.pay(id, { nulls: true });
    expect((await verify(token, id)).text).toBe("SUCCESS");
    await invariants(uid);
  });

  it("a webhook without the order's amount asks Cashfree for the order before paying", async () => {
    const { uid, id } = await checkout();
    const p = fake.pay(id);
    expect((await hook(fake.webhook(id, p, { nullOrder: true }))).status).toBe(200);
    expect((await invariants(uid)).status).toBe("processing");
  });

  it("signed events the shop does not act on are recorded and answered 200; a replay changes nothing", async () => {
    const { uid, id } = await checkout();
    const settle = fake.signed(
      `{"data":{"order":{"order_id":"${id}"},"settlement":{"cf_settlement_id":1}},"type":"SETTLEMENT_WEBHOOK"}`,
    );
    expect((await hook(settle)).status).toBe(200);
    const dispute = fake.signed(
      `{"data":{"dispute":{"dispute_id":"d1"}},"type":"DISPUTE_CREATED"}`,
    );
    expect((await hook(dispute)).status).toBe(200);
    const p = fake.pay(id);
    const w = fake.webhook(id, p, { deliveryId: `delivery-${id}` });
    expect((await hook(w)).json).toMatchObject({ effect: "paid" });
    expect((await hook(w)).json).toMatchObject({ effect: "replay" });
    const events = await t.db.select().from(schema.webhookEvents);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["SETTLEMENT_WEBHOOK", "DISPUTE_CREATED", "PAYMENT_SUCCESS_WEBHOOK"]),
    );
    const log = await t.db.select().from(schema.orderLog).where(eq(schema.orderLog.orderId, id));
    expect(log.map((l) => l.message).join("\n")).toContain("SETTLEMENT_WEBHOOK");
    await invariants(uid);
  });

  it("an expired order is re-checked on a slowing schedule for 24 hours, records a late success, then stops with a log line", async () => {
    const late = await checkout();
    const quiet = await checkout();
    for (const o of [late, quiet]) fake.expire(o.id);
    const expiry = (await order(late.id)).expiresAt!.getTime();
    await recheckDueOrders(t.db, provider, new Date(expiry + 60_000));
    expect((await order(late.id)).status).toBe("cancelled");
    fake.pay(late.id); // began before expiry, succeeded after
    await recheckDueOrders(t.db, provider, new Date(expiry + 3 * 3_600_000));
    expect((await invariants(late.uid)).status).toBe("processing");
    for (const h of [3, 8, 12, 20, 24.1])
      await recheckDueOrders(t.db, provider, new Date(expiry + h * 3_600_000));
    const row = await invariants(quiet.uid);
    expect(row).toMatchObject({ status: "cancelled", nextCheckAt: null });
    const log = await t.db
      .select()
      .from(schema.orderLog)
      .where(eq(schema.orderLog.orderId, quiet.id));
    expect(log.map((l) => l.message).join("\n")).toContain("stopped asking");
  });

  it("refunds: part, then the rest; above what was paid is a 400; a refund webhook makes it final and mails the shopper", async () => {
    const { uid, token, id } = await checkout();
    fake.pay(id);
    expect((await verify(token, id)).text).toBe("SUCCESS");
    const first = await refund(id, { amount: 1000, reason: "One frame arrived cracked" });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ refund: { amount: 1000, status: "PENDING" } });
    const tooMuch = await refund(id, { amount: CART_TOTAL_PAISE / 100, reason: "All of it" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error).toContain("can still be refunded");
    const rid = first.json.refund.id as string;
    fake.settleRefund(id, rid, "SUCCESS");
    expect((await hook(fake.refundWebhook(id, rid))).status).toBe(200);
    const [stored] = await t.db.select().from(schema.refunds).where(eq(schema.refunds.id, rid));
    expect(stored).toMatchObject({ status: "SUCCESS" });
    const mails = (await t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.includes("refund of"),
    );
    expect(mails.map((m) => m.to)).toContain("asha@example.com");
    const rest = await refund(id, { reason: "The rest, order cancelled by phone" });
    expect(rest.json).toMatchObject({ refund: { amount: CART_TOTAL_PAISE / 100 - 1000 } });
    fake.settleRefund(id, rest.json.refund.id, "FAILED");
    await recheckDueRefunds(t.db, provider, new Date(Date.now() + 2 * 60_000));
    const after = await call(refundsRoute.GET, `/v2/admin/order/${id}/refunds`, {
      token: OWNER,
      params: { id },
    });
    expect(after.json).toMatchObject({
      refunded: { amount: 1000 },
      refundable: { amount: CART_TOTAL_PAISE / 100 - 1000 },
    });
    expect(after.json.refunds.map((r: { status: string }) => r.status)).toEqual([
      "SUCCESS",
      "FAILED",
    ]);
    await invariants(uid);
  });

  it("two owners refunding in full at once: one refund, never above what was paid", async () => {
    const { uid, token, id } = await checkout();
    fake.pay(id);
    await verify(token, id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => refund(id, { amount: CART_TOTAL_PAISE / 100, reason: "Full refund" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(fake.orders.get(id)!.refunds).toHaveLength(1);
    await invariants(uid);
  });

  it("cancelling a paid order refunds it in full in the same step", async () => {
    const { uid, token, id } = await checkout();
    fake.pay(id);
    await verify(token, id);
    const answer = await refund(id, { reason: "Out of stock", cancel: true });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ refund: { amount: CART_TOTAL_PAISE / 100 } });
    expect((await invariants(uid)).status).toBe("cancelled");
  });
});
