/**
 * Checkout against a fake Cashfree (tests/helpers/fake-cashfree.ts) on a real database: every
 * scenario of decision 0014, each followed by the invariants: one order per checkout, at most one paid
 * transition per order, one payments row per provider payment.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { recheckDueOrders } from "../src/features/checkout/recheck.server";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { CashfreeProvider } from "../src/server/payments/cashfree.server";
import { resetPaymentConfigForTests } from "../src/server/payments/config.server";
import { setPaymentProviderForTests } from "../src/server/payments/index.server";
import { call } from "./helpers/call";
import { CART_TOTAL_PAISE, makeShop, makeShopper, orderBody, type Shop } from "./helpers/checkout";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import {
  FAKE_ID,
  FAKE_SECRET,
  startFakeCashfree,
  type FakeCashfree,
} from "./helpers/fake-cashfree";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; helpers/test-tokens.ts).
vi.mock("../src/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("../src/pages/create-order");
const verifyRoute = await import("../src/pages/[provider]/verify");
const webhookRoute = await import("../src/pages/[provider]/webhook");

describe.each(dbKinds)("checkout with Cashfree (fake) on %s", (kind) => {
  let t: TestDb;
  let shop: Shop;
  let fake: FakeCashfree;
  let provider: CashfreeProvider;
  let n = 0;
  const saved = { ...process.env };

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
      // Generous enough for a busy machine (and warmed up below); the timeout cases delay 3 s.
      timeoutMs: 2_000,
    });
    setPaymentProviderForTests(provider);
    // The first call of a process pays for opening the connection: not inside a timed case.
    await provider.getOrder("warm-up").catch(() => {});
    t = await createTestDb(kind);
    shop = await makeShop(t.db);
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
    fake.delayMs = 0;
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  const shopper = () => makeShopper(t.db, shop, `cf-${kind}-${++n}`);
  const create = (token: string, body: unknown = orderBody()) =>
    call(createRoute.POST, "/create-order", { method: "POST", token, body });
  const verify = (token: string, id: string) =>
    call(verifyRoute.POST, `/cashfree/verify?order_id=${id}`, {
      method: "POST",
      token,
      body: {},
      params: { provider: "cashfree" },
    });
  const hook = (w: { body: string; headers: Record<string, string> }) =>
    call(webhookRoute.POST, "/cashfree/webhook", {
      method: "POST",
      rawBody: w.body,
      headers: w.headers,
      params: { provider: "cashfree" },
    });
  const order = async (id: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const paymentsOf = (id: string) =>
    t.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
  const mailsAbout = async (id: string) =>
    (await t.db.select().from(schema.outbox)).filter(
      (m) => m.subject.includes(id) || m.body.includes(id),
    );

  /** One order for this shopper; at most one paid transition; one row per provider payment. */
  async function invariants(uid: string) {
    const orders = await t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
    expect(orders).toHaveLength(1);
    const rows = await paymentsOf(orders[0]!.id);
    expect(
      rows.filter((p) => p.outcome === "paid" || p.outcome === "late-paid").length,
    ).toBeLessThanOrEqual(1);
    expect(new Set(rows.map((p) => p.providerPaymentId)).size).toBe(rows.length);
    return orders[0]!;
  }

  async function checkout() {
    const who = await shopper();
    const created = await create(who.token, orderBody({ idempotency_key: `attempt-${who.uid}` }));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    return { ...who, id: created.json.order_id as string, created };
  }

  it("success: creates the Cashfree order in rupees with the return URL and expiry; verify marks it paid", async () => {
    const { uid, token, id, created } = await checkout();
    expect(created.json).toMatchObject({
      provider: "cashfree",
      mode: "sandbox",
      payment_session_id: expect.stringMatching(/^session_fake_/),
    });
    const remote = fake.orders.get(id)!;
    expect(remote.order_amount).toBe(CART_TOTAL_PAISE / 100);
    expect(remote.order_meta).toMatchObject({
      return_url: `http://localhost:4321/verify-order/${id}`,
    });
    expect(new Date(remote.order_expiry_time).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(fake.requests.at(-1)!.headers["x-idempotency-key"]).toBeTruthy();
    fake.pay(id);
    expect((await verify(token, id)).text).toBe("SUCCESS");
    const paid = await invariants(uid);
    expect(paid).toMatchObject({
      status: "processing",
      paymentStatus: "Paid",
      upiId: "asha@okbank",
    });
    expect(await mailsAbout(id)).toHaveLength(2);
  });

  it("failure: a failed payment is recorded, the order stays unpaid, verify says FAILED", async () => {
    const { uid, token, id } = await checkout();
    const failed = fake.pay(id, { status: "FAILED" });
    expect((await hook(fake.webhook(id, failed))).status).toBe(200);
    expect((await verify(token, id)).text).toBe("FAILED");
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "pending", paymentStatus: "Failed", paidAt: null });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("walk-away then expiry: the re-check cancels the order (payment Expired) with its timeline stamp", async () => {
    const { uid, id } = await checkout();
    await recheckDueOrders(t.db, provider, new Date(Date.now() + 2 * 60_000));
    expect((await order(id)).status).toBe("pending"); // still alive at the provider
    fake.expire(id);
    await recheckDueOrders(t.db, provider, new Date(Date.now() + 31 * 60_000));
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "Expired" });
    // Still asked about after expiry (a late success), on a slowing schedule (docs/decisions/0056).
    expect(row.nextCheckAt).not.toBeNull();
    expect(row.timeline.cancelled).toBeTruthy();
  });

  it("the re-check finds a payment the shopper never came back for", async () => {
    const { uid, id } = await checkout();
    fake.pay(id);
    await recheckDueOrders(t.db, provider, new Date(Date.now() + 2 * 60_000));
    expect((await invariants(uid)).status).toBe("processing");
  });

  it("amount mismatch: never marked paid, recorded, logged loudly, the owner is mailed", async () => {
    const { uid, token, id } = await checkout();
    // Cashfree reports the ORDER at another amount than the shop stored (paid is decided on it).
    fake.orders.get(id)!.order_amount = 1;
    const short = fake.pay(id, { amount: 1 });
    expect((await hook(fake.webhook(id, short))).status).toBe(200);
    expect((await verify(token, id)).text).not.toBe("SUCCESS");
    const row = await invariants(uid);
    expect(row.paidAt).toBeNull();
    expect(row.status).toBe("pending");
    expect((await paymentsOf(id))[0]).toMatchObject({ outcome: "mismatch", amountPaise: 100 });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("AMOUNT MISMATCH"));
    expect((await mailsAbout(id)).map((m) => m.subject)).toEqual([
      expect.stringContaining("mismatch"),
    ]);
  });

  it("a webhook repeated 5 times moves the order to paid once", async () => {
    const { uid, id } = await checkout();
    const w = fake.webhook(id, fake.pay(id));
    for (let i = 0; i < 5; i++) expect((await hook(w)).status).toBe(200);
    const row = await invariants(uid);
    expect(row.status).toBe("processing");
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await mailsAbout(id)).toHaveLength(2);
  });

  it("a webhook racing the verify call: paid exactly once", async () => {
    for (let round = 0; round < 3; round++) {
      const { uid, token, id } = await checkout();
      const w = fake.webhook(id, fake.pay(id));
      const [h, v] = await Promise.all([hook(w), verify(token, id), hook(w)]);
      expect(h.status).toBe(200);
      expect(v.text).toBe("SUCCESS");
      await invariants(uid);
      expect(await paymentsOf(id)).toHaveLength(1);
      expect(await mailsAbout(id)).toHaveLength(2);
    }
  });

  it("a provider timeout at create: 502 { error, detail }, the stored order's payment Failed, a retry answers the same order", async () => {
    const { uid, token } = await shopper();
    fake.delayMs = 3_000;
    const body = orderBody({ idempotency_key: `slow-${uid}` });
    const first = await create(token, body);
    expect(first.status).toBe(502);
    expect(first.json).toMatchObject({
      error: "Order Creation Failed",
      detail: expect.stringContaining("in time"),
    });
    const stored = await invariants(uid);
    expect(stored).toMatchObject({
      status: "pending",
      paymentStatus: "Failed",
      paymentSessionId: "",
    });
    fake.delayMs = 0;
    // The slow request finishes at the fake after all: the retry meets 409 and takes that order.
    await vi.waitFor(() => expect(fake.orders.has(stored.id)).toBe(true), { timeout: 5_000 });
    const retry = await create(token, body);
    expect(retry.status).toBe(200);
    expect(retry.json.order_id).toBe(stored.id);
    await invariants(uid);
  });

  it("a provider timeout at verify: 502, nothing changes", async () => {
    const { uid, token, id } = await checkout();
    fake.pay(id);
    fake.delayMs = 3_000;
    const slow = await verify(token, id);
    expect(slow.status).toBe(502);
    expect((await invariants(uid)).status).toBe("pending");
    fake.delayMs = 0;
    expect((await verify(token, id)).text).toBe("SUCCESS");
  });

  it("a bad, stale or re-serialised signature is refused with 401 and stores nothing", async () => {
    const { uid, id } = await checkout();
    const payment = fake.pay(id);
    const forged = fake.webhook(id, payment, { secret: "wrong" });
    expect((await hook(forged)).status).toBe(401);
    const stale = fake.webhook(id, payment, { timestamp: Date.now() - 25 * 60 * 60_000 });
    expect((await hook(stale)).status).toBe(401);
    const good = fake.webhook(id, payment);
    const reserialised = JSON.stringify(JSON.parse(good.body));
    expect(reserialised).not.toBe(good.body);
    expect((await hook({ body: reserialised, headers: good.headers })).status).toBe(401);
    expect(await paymentsOf(id)).toHaveLength(0);
    expect((await invariants(uid)).status).toBe("pending");
  });

  it("a success after expiry is recorded, moves the order to processing and mails the owner", async () => {
    const { uid, id } = await checkout();
    fake.expire(id);
    await recheckDueOrders(t.db, provider, new Date(Date.now() + 31 * 60_000));
    expect((await order(id)).status).toBe("cancelled");
    const late = fake.pay(id);
    expect((await hook(fake.webhook(id, late))).status).toBe(200);
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    expect((await mailsAbout(id)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining("Late payment"),
    );
  });
});
