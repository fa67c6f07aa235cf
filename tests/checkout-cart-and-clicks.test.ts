/**
 * Paying an order takes from the cart only what the order bought, and one local payment session
 * takes one paying outcome however many Pay clicks arrive at once (docs/decisions/0058). On PGlite
 * and PostgreSQL, with the local provider.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { makeCategory, makeProduct } from "~/server/seed/factories";
import {
  makeShop,
  makeShopper,
  orderBody,
  type Shop,
  useLocalProvider,
  postCreateOrder,
  pressLocalPay,
} from "./helpers/checkout";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("cart lines and Pay clicks on %s", (kind) => {
  let t: TestDb;
  let shop: Shop;
  let coasterId: string;
  let n = 0;

  useLocalProvider();
  beforeAll(async () => {
    t = await createTestDb(kind);
    shop = await makeShop(t.db);
    const categoryId = (await makeCategory(t.db)).id;
    coasterId = (await makeProduct(t.db, { name: "Resin Coaster", categoryId, pricePaise: 149900 }))
      .id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  const create = postCreateOrder;
  const press = pressLocalPay;
  const cartOf = async (uid: string) => {
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, uid));
    return t.db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, user!.cartId));
  };

  it("paying keeps the lines added after the order was made (same key K), and the extra quantity of a bought line", async () => {
    const { uid, token } = await makeShopper(t.db, shop, `lines-${kind}-${++n}`);
    const first = await create(token, orderBody({ idempotency_key: `K-${uid}` }));
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, uid));
    // Added after the order: five coasters (₹7,495) and one more tag.
    await t.db.insert(schema.cartItems).values({
      id: `coasters-${uid}`,
      cartId: user!.cartId,
      productId: coasterId,
      quantity: 5,
      pricePaise: 149900,
    });
    const tag = (await cartOf(uid)).find((l) => l.productId === shop.tagId)!;
    await t.db.update(schema.cartItems).set({ quantity: 2 }).where(eq(schema.cartItems.id, tag.id));
    const again = await create(token, orderBody({ idempotency_key: `K-${uid}` }));
    expect(again.json.order_id).toBe(first.json.order_id);
    expect((await press(first.json.payment_session_id)).status).toBe(303);
    const [order] = await t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, first.json.order_id));
    expect(order!.status).toBe("processing");
    const left = (await cartOf(uid)).map((l) => [l.productId, l.quantity]).sort();
    expect(left).toEqual(
      [
        [coasterId, 5],
        [shop.tagId, 1],
      ].sort(),
    );
  });

  it("ten Pay clicks at once take one outcome: one SUCCESS in the ledger, one payment, no 'paid twice' mail", async () => {
    const { token } = await makeShopper(t.db, shop, `clicks-${kind}-${++n}`);
    const created = await create(token, orderBody());
    const id = created.json.order_id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => press(created.json.payment_session_id)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(303));
    const ledger = await t.db
      .select()
      .from(schema.localPayments)
      .where(eq(schema.localPayments.orderId, id));
    expect(ledger.filter((p) => p.status === "SUCCESS")).toHaveLength(1);
    expect(
      await t.db.select().from(schema.payments).where(eq(schema.payments.orderId, id)),
    ).toHaveLength(1);
    const twice = (await t.db.select().from(schema.outbox)).filter((m) =>
      m.subject.includes(`Order ${id} was paid twice`),
    );
    expect(twice).toHaveLength(0);
  });
});
