/** Shared setup of the checkout suites: the local provider, a shopper with an address and a two-line cart. */
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { schema, type Db } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { resetPaymentConfigForTests } from "~/server/payments/config.server";
import { setPaymentProviderForTests } from "~/server/payments/index.server";
import { makeCategory, makeProduct } from "~/server/seed/factories";
import { addOwner, type TestDb } from "./db";
import { call } from "./call";
import { ADDRESS } from "./fixtures";
import { useTestDb } from "./suite-db";

/**
 * Call inside describe(): the suite pays with the local test provider (demo mode), its webhook
 * recorded in-process (the address it posts to is unreachable); the environment is restored after.
 */
export function useLocalProvider(): void {
  const saved = { ...process.env };
  const reset = () => {
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
  };
  beforeAll(() => {
    process.env.DEMO_MODE = "true";
    process.env.PAYMENT_PROVIDER = "local";
    process.env.LOCAL_WEBHOOK_URL = "http://127.0.0.1:1/local/webhook";
    reset();
  });
  afterAll(() => {
    process.env = saved;
    reset();
  });
}

/**
 * Call inside describe(): the local provider, a fresh database of the kind holding the shop
 * (makeShop) and, with `owner`, that users row with role tm_admin, and console errors and infos
 * silenced in each test. `k.t.db`, `k.shop`, `k.newShopper(prefix)`.
 */
export function localShopKit(kind: TestDb["kind"], opts: { owner?: string } = {}) {
  let shop: Shop;
  useLocalProvider();
  const t = useTestDb(kind, async (t) => {
    shop = await makeShop(t.db);
    if (opts.owner) await addOwner(t.db, opts.owner);
  });
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });
  let n = 0;
  return {
    t,
    get shop() {
      return shop;
    },
    /** A new shopper (makeShopper) whose uid is `<prefix>-<kind>-<count>`, counted per suite. */
    newShopper: (prefix: string) => makeShopper(t.db, shop, `${prefix}-${kind}-${++n}`),
  };
}

export interface Shop {
  frameId: string;
  tagId: string;
}

export async function makeShop(db: Db): Promise<Shop> {
  const categoryId = (await makeCategory(db)).id;
  const frame = await makeProduct(db, {
    name: "Ocean Wave Photo Frame",
    categoryId,
    pricePaise: 149900,
    weightGrams: 800,
  });
  const tag = await makeProduct(db, {
    name: "Luggage Tag",
    categoryId,
    pricePaise: 49900,
    weightGrams: 60,
  });
  return { frameId: frame.id, tagId: tag.id };
}

let carts = 0;

/** A shopper row, one saved address ("addr-1") and a cart of 2 frames + 1 tag (3497.00). */
export async function makeShopper(
  db: Db,
  shop: Shop,
  uid: string,
): Promise<{ uid: string; token: string }> {
  await db
    .insert(schema.users)
    .values({ id: uid, email: `${uid}@example.com`, firstName: "Asha", lastName: "Verma" });
  await db.insert(schema.addresses).values({ userId: uid, id: "addr-1", ...ADDRESS });
  await fillCart(db, shop, uid);
  return { uid, token: `test:${uid}` };
}

export async function fillCart(db: Db, shop: Shop, uid: string): Promise<void> {
  const [user] = await db
    .select()
    .from(schema.users)
    .where((await import("drizzle-orm")).eq(schema.users.id, uid));
  const cartId = user!.cartId;
  await db.insert(schema.carts).values({ id: cartId, userId: uid }).onConflictDoNothing();
  carts++;
  await db.insert(schema.cartItems).values([
    { id: `line-${carts}-a`, cartId, productId: shop.frameId, quantity: 2, pricePaise: 149900 },
    { id: `line-${carts}-b`, cartId, productId: shop.tagId, quantity: 1, pricePaise: 49900 },
  ]);
}

export const CART_TOTAL_PAISE = 2 * 149900 + 49900;

export { orderBody } from "./fixtures";

/** The cart's two lines (2 frames, 1 tag) as an order of this id stores them; `frame` adds to the first. */
export function cartOrderItems(id: string, shop: Shop, frame: Record<string, unknown> = {}) {
  return [
    {
      id: `${id}-a`,
      orderId: id,
      productId: shop.frameId,
      productName: "Ocean Wave Photo Frame",
      quantity: 2,
      pricePaise: 149900,
      ...frame,
    },
    {
      id: `${id}-b`,
      orderId: id,
      productId: shop.tagId,
      productName: "Luggage Tag",
      quantity: 1,
      pricePaise: 49900,
    },
  ];
}

/** POST /create-order: the cart of the shopper whose token this is. */
export async function postCreateOrder(token: string, body: unknown, clientAddress?: string) {
  const route = await import("~/pages/create-order");
  return call(route.POST, "/create-order", {
    method: "POST",
    token,
    body,
    ...(clientAddress === undefined ? {} : { clientAddress }),
  });
}

/** A button of the local provider's stand-in page ("pay", "fail" or "cancel") for a session. */
export async function pressLocalPay(session: string, outcome = "pay") {
  const route = await import("~/pages/pay/local/[session]/outcome");
  return call(route.POST, `/pay/local/${session}/outcome`, {
    method: "POST",
    rawBody: `outcome=${outcome}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    params: { session },
  });
}
