/**
 * The fake Cashfree (tests/helpers/fake-cashfree.ts) as the shop's payment provider, for the
 * checkout suites (decision 0014): starts the fake, points the environment and the provider at it,
 * and `stop()` puts the environment and the provider back as they were.
 *
 *   beforeAll(async () => { cashfree = await useFakeCashfree(2_000); });  // cashfree.fake, .provider
 *   afterAll(async () => { await t.close(); await cashfree.stop(); });
 *
 * `cashfreeShopKit(kind)` is that inside a describe() with a fresh database holding the checkout
 * shop (tests/helpers/checkout.ts) and the provider's two doors, verify and the webhook.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { CashfreeProvider } from "~/server/payments/cashfree.server";
import { resetPaymentConfigForTests } from "~/server/payments/config.server";
import { setPaymentProviderForTests } from "~/server/payments/index.server";
import { call } from "./call";
import { makeShop, type Shop } from "./checkout";
import { createTestDb, type TestDb } from "./db";
import { FAKE_ID, FAKE_SECRET, startFakeCashfree, type FakeCashfree } from "./fake-cashfree";

export interface FakeCashfreeProvider {
  fake: FakeCashfree;
  provider: CashfreeProvider;
  stop(): Promise<void>;
}

/** `timeoutMs`: the provider's wait for each call (its own default when not given). */
export async function useFakeCashfree(timeoutMs?: number): Promise<FakeCashfreeProvider> {
  const saved = { ...process.env };
  const fake = await startFakeCashfree();
  Object.assign(process.env, {
    DEMO_MODE: "false",
    PAYMENT_PROVIDER: "cashfree",
    CASHFREE_CLIENT_ID: FAKE_ID,
    CASHFREE_CLIENT_SECRET: FAKE_SECRET,
    CASHFREE_BASE_URL: fake.baseUrl,
  });
  resetEnvForTests();
  resetPaymentConfigForTests();
  const provider = new CashfreeProvider({
    baseUrl: fake.baseUrl,
    clientId: FAKE_ID,
    clientSecret: FAKE_SECRET,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  setPaymentProviderForTests(provider);
  return {
    fake,
    provider,
    async stop() {
      await fake.close();
      process.env = saved;
      resetEnvForTests();
      resetPaymentConfigForTests();
      setPaymentProviderForTests(undefined);
    },
  };
}

/**
 * Inside describe(): the fake Cashfree as the provider (2 s a call; `warmUp` opens its connection
 * before any timed case), a fresh database of the kind with the checkout shop, console errors and
 * infos silenced in each test, and the reads and calls the checkout suites share.
 */
export function cashfreeShopKit(kind: TestDb["kind"], options: { warmUp?: boolean } = {}) {
  let t: TestDb;
  let shop: Shop;
  let cashfree: FakeCashfreeProvider;
  beforeAll(async () => {
    cashfree = await useFakeCashfree(2_000);
    if (options.warmUp) await cashfree.provider.getOrder("warm-up").catch(() => {});
    t = await createTestDb(kind);
    shop = await makeShop(t.db);
  });
  afterAll(async () => {
    await t.close();
    await cashfree.stop();
  });
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  const order = async (id: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const paymentsOf = (id: string) =>
    t.db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
  /** The provider's webhook delivery (a body and its signed headers, from the fake). */
  const hook = async (w: { body: string; headers: Record<string, string> }) => {
    const route = await import("~/pages/[provider]/webhook");
    return call(route.POST, "/cashfree/webhook", {
      method: "POST",
      rawBody: w.body,
      headers: w.headers,
      params: { provider: "cashfree" },
    });
  };
  /** The shopper back from the provider asks for the order's state. */
  const verify = async (token: string, id: string) => {
    const route = await import("~/pages/[provider]/verify");
    return call(route.POST, `/cashfree/verify?order_id=${id}`, {
      method: "POST",
      token,
      body: {},
      params: { provider: "cashfree" },
    });
  };

  return {
    get t() {
      return t;
    },
    get shop() {
      return shop;
    },
    get fake() {
      return cashfree.fake;
    },
    get provider() {
      return cashfree.provider;
    },
    order,
    paymentsOf,
    hook,
    verify,
  };
}
