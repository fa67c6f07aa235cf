/**
 * The one order store (src/features/orders/store-order.server.ts, decision 0061) through each path
 * that makes an order: a cart at checkout, a quote's link, and a shipping-charge link. Each stores
 * exactly one order per idempotency key, also when the requests arrive together, and the kind, the
 * line and the dispatch promise's window follow what made it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { makeShopper, orderBody } from "./helpers/checkout";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("one order store on %s", (kind) => {
  const k = customWorkKit(kind);
  let n = 0;

  const ordersWithKey = (key: string) =>
    k.t.db.select().from(schema.orders).where(eq(schema.orders.idempotencyKey, key));
  const itemsOf = (orderId: string) =>
    k.t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, orderId));

  it("cart checkout: five requests with one key store one order; a fresh key for the same cart answers it while payable", async () => {
    const { uid, token } = await makeShopper(k.t.db, k.shop, `store-${kind}-${++n}`);
    const key = `cart-${uid}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => k.createOrder(token, orderBody({ idempotency_key: key }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.order_id)).size).toBe(1);
    const stored = await ordersWithKey(key);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      kind: "catalogue",
      userId: uid,
      quoteId: null,
      status: "pending",
      paymentStatus: "Pending",
      dispatchDays: 20,
    });
    expect(await itemsOf(stored[0]!.id)).toHaveLength(2);
    const fresh = await k.createOrder(token, orderBody({ idempotency_key: `cart-again-${uid}` }));
    expect(fresh.json.order_id).toBe(stored[0]!.id);
    const all = await k.t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
    expect(all).toHaveLength(1);
  });

  it("a quote's link: five presses with one key store one custom order with the quote's window", async () => {
    const q = await k.sentQuote();
    const key = `quote-${q.id}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => k.pay(q.token, payBody({ idempotency_key: key }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.order_id)).size).toBe(1);
    const stored = await ordersWithKey(key);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      kind: "custom",
      quoteId: q.id,
      dispatchDays: 15,
      returnPath: `/quote-return/${stored[0]!.id}`,
      shippingAddress: { state: "Maharashtra", zipCode: "411001", country: "India" },
    });
    const items = await itemsOf(stored[0]!.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: null, quantity: 1, pricePaise: 450050 });
  });

  it("a shipping-charge link: one shipping order per key; a key already used for another quote is a 409", async () => {
    const q = await k.sentQuote();
    const paid = await k.pay(q.token, payBody({ idempotency_key: `first-${q.id}` }));
    await k.press(paid.json.payment_session_id);
    const orderId = paid.json.order_id as string;
    const asked = await k.shippingCharge(orderId, { amount: 180 });
    expect(asked.status).toBe(201);
    const token = k.tokenIn((await k.mailsTo("meera@example.com")).at(-1)!.body)!;
    // The same key as the quote's payment (the same guest user): refused, nothing stored.
    const reused = await k.pay(token, payBody({ idempotency_key: `first-${q.id}` }));
    expect(reused.status).toBe(409);
    expect(reused.json.error).toMatch(/^idempotency_key: /);
    expect((await ordersWithKey(`first-${q.id}`)).map((o) => o.kind)).toEqual(["custom"]);
    const key = `charge-${q.id}`;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => k.pay(token, payBody({ idempotency_key: key }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.order_id)).size).toBe(1);
    expect(answers[0]!.json.order_id).not.toBe(orderId);
    expect(await ordersWithKey(key)).toHaveLength(1);
    const [charge] = await k.t.db
      .select()
      .from(schema.orders)
      .where(
        and(eq(schema.orders.kind, "shipping"), eq(schema.orders.id, answers[0]!.json.order_id)),
      );
    expect(charge).toMatchObject({ totalPaise: 18000, dispatchDays: 1 });
  });
});
