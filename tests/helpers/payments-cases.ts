/**
 * The payment cases suites' shop (tests/payments-cases.test.ts, tests/payments-refunds.test.ts):
 * for each database kind, the fake Cashfree (tests/helpers/fake-cashfree.ts) as the provider, a
 * fresh database with the shop and its owner, and the calls the cases make: a checkout, the
 * webhook, verify, a refund, and the invariants checked after every case.
 *
 *   const k = paymentsKit(kind);   // k.t.db, k.fake, k.provider, k.checkout(), k.invariants(uid)
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { schema } from "../../src/server/db/client";
import { resetEnvForTests } from "../../src/server/env";
import { CashfreeProvider } from "../../src/server/payments/cashfree.server";
import { resetPaymentConfigForTests } from "../../src/server/payments/config.server";
import { setPaymentProviderForTests } from "../../src/server/payments/index.server";
import { call } from "./call";
import { makeShop, makeShopper, orderBody, type Shop } from "./checkout";
import { createTestDb, type TestDb } from "./db";
import { FAKE_ID, FAKE_SECRET, startFakeCashfree, type FakeCashfree } from "./fake-cashfree";

const createRoute = await import("../../src/pages/create-order");
const verifyRoute = await import("../../src/pages/[provider]/verify");
const webhookRoute = await import("../../src/pages/[provider]/webhook");
export const refundsRoute = await import("../../src/pages/v2/admin/order/[id]/refunds");

/** The owner's test token (the users row "owner-payments" has role tm_admin). */
export const OWNER = "test:owner-payments";

export function paymentsKit(kind: TestDb["kind"]) {
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

  return {
    get t() {
      return t;
    },
    get fake() {
      return fake;
    },
    get provider() {
      return provider;
    },
    order,
    paymentsOf,
    hook,
    verify,
    refund,
    checkout,
    invariants,
  };
}
