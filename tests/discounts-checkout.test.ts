/**
 * Discount codes at checkout against a real database (docs/decisions/0095, 0174): the check call,
 * create-order pricing the code itself, every refusal with nothing written, the use counted only
 * when paid, and (on PostgreSQL) 50 shoppers at once for a one-use code.
 */
import { DAY_MS } from "~/lib/dates";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema, type Db } from "~/server/db/client";
import { call } from "./helpers/call";
import { orderBody, localShopKit, postCreateOrder, pressLocalPay } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { type CodeInput, makeDiscountCode } from "./helpers/discounts";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const checkRoute = await import("~/pages/v2/discounts/check");

const makeCode = (db: Db, over: CodeInput = {}) => makeDiscountCode(db, "C", over);

describe.each(dbKinds)("discount codes at checkout on %s", (kind) => {
  const k = localShopKit(kind);
  const { t } = k;

  const shopper = () => k.newShopper("disc");
  const create = (token: string, body: unknown, clientAddress = "127.0.0.1") =>
    postCreateOrder(token, body, clientAddress);
  const check = (token: string, code: string) =>
    call(checkRoute.POST, "/v2/discounts/check", { method: "POST", token, body: { code } });
  const pay = (session: string) => pressLocalPay(session);
  const ordersOf = (uid: string) =>
    t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
  const usesOf = (codeId: string) =>
    t.db.select().from(schema.discountUses).where(eq(schema.discountUses.codeId, codeId));

  it("the check call prices the code on the cart (any case) and writes nothing", async () => {
    const code = await makeCode(t.db);
    const { uid, token } = await shopper();
    const answer = await check(token, ` ${code.code.toLowerCase()} `);
    expect(answer.status).toBe(200);
    // Rupees on the wire: 10 % of 3497.00.
    expect(answer.json).toEqual({
      code: code.code,
      subtotal: 3497,
      discount: 349.7,
      total: 3147.3,
    });
    expect(await usesOf(code.id)).toHaveLength(0);
    expect(await ordersOf(uid)).toHaveLength(0);
  });

  it("create-order prices the code itself, spreads it over the lines, holds a use; paying counts it", async () => {
    const code = await makeCode(t.db, { kind: "fixed", amountPaise: 50000, percentBasisPoints: 0 });
    const { uid, token } = await shopper();
    const created = await create(
      token,
      orderBody({ coupon_code: code.code.toLowerCase(), order_amount: 1, discount: 999 }),
    );
    expect(created.status).toBe(200);
    const [order] = await ordersOf(uid);
    expect(order).toMatchObject({
      couponCode: code.code,
      couponDiscountPaise: 50000,
      discountPaise: 50000,
      subtotalPaise: 349700,
      totalPaise: 299700,
    });
    const items = await t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order!.id));
    expect(items.reduce((sum, item) => sum + item.discountPaise, 0)).toBe(50000);
    expect(items.map((item) => item.discountPaise).sort((a, b) => a - b)).toEqual([7135, 42865]);
    const [held] = await usesOf(code.id);
    expect(held).toMatchObject({ orderId: order!.id, usedAt: null });

    expect((await pay(created.json.payment_session_id)).status).toBe(303);
    const [used] = await usesOf(code.id);
    expect(used!.usedAt).toBeInstanceOf(Date);
    expect(used!.orderTotalPaise).toBe(299700);
    const mail = (await t.db.select().from(schema.outbox)).find(
      (m) => m.to === "asha@example.com" && m.body.includes(order!.id),
    );
    expect(mail!.body).toContain(`Discount (${code.code}): -₹500.00\nTotal: ₹2,997.00`);
    // The document issued for the payment carries each line's share of the code, and adds up to
    // what was paid (docs/decisions/0085).
    const [issued] = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, order!.id));
    expect(issued!.totalPaise).toBe(299700);
    const lines = await t.db
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, issued!.id));
    const goods = lines.filter((line) => line.kind === "goods");
    expect(goods.map((line) => line.discountPaise).sort((a, b) => a - b)).toEqual([7135, 42865]);
  });

  it("an unpaid order uses a code up for no one else; it ends with its order's expiry", async () => {
    const code = await makeCode(t.db, { totalUses: 1 });
    const first = await shopper();
    const held = await create(first.token, orderBody({ coupon_code: code.code }));
    expect(held.status).toBe(200);
    const second = await shopper();
    expect((await check(second.token, code.code)).status).toBe(200);
    await t.db
      .update(schema.discountUses)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.discountUses.codeId, code.id));
    // Its hold over, the holder may use the code on another cart (docs/decisions/0174).
    await t.db
      .update(schema.cartItems)
      .set({ quantity: 2 })
      .where(eq(schema.cartItems.productId, k.shop.tagId));
    expect((await create(first.token, orderBody({ coupon_code: code.code }))).status).toBe(200);
  });

  it("the same cart pressed again answers its order and one hold; another cart is refused while it holds", async () => {
    const code = await makeCode(t.db, { totalUses: 1, usesPerShopper: 1 });
    const { uid, token } = await shopper();
    const first = await create(token, orderBody({ coupon_code: code.code }));
    expect(first.status).toBe(200);
    const again = await create(
      token,
      orderBody({ coupon_code: code.code, idempotency_key: `k-${uid}` }),
    );
    expect(again.json.order_id).toBe(first.json.order_id);
    const keyed = await create(
      token,
      orderBody({ coupon_code: code.code, idempotency_key: `k-${uid}` }),
    );
    expect(keyed.json.order_id).toBe(first.json.order_id);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, uid));
    await t.db
      .update(schema.cartItems)
      .set({ quantity: 3 })
      .where(eq(schema.cartItems.cartId, user!.cartId));
    const other = await create(token, orderBody({ coupon_code: code.code }));
    expect(other.status).toBe(400);
    expect(other.json.error).toContain(
      `Your unpaid order ${first.json.order_id} holds this code until`,
    );
    const uses = await usesOf(code.id);
    expect(uses.map((u) => u.orderId)).toEqual([first.json.order_id]);
    expect(await ordersOf(uid)).toHaveLength(1);
  });

  const refusals: [string, CodeInput, string | RegExp][] = [
    ["inactive", { active: false }, "This code is not active."],
    [
      "not started",
      { startsAt: new Date(Date.now() + DAY_MS) },
      /^This code starts on \d+ \w{3} \d{4}, \d\d:\d\d\.$/,
    ],
    [
      "expired",
      { endsAt: new Date(Date.now() - 60_000) },
      /^This code expired on \d+ \w{3} \d{4}, \d\d:\d\d\.$/,
    ],
    [
      "minimum not met",
      { minOrderPaise: 500000 },
      "This code needs an order of at least ₹5,000.00; add more to your cart.",
    ],
    [
      "not for these items",
      { productIds: ["no-such-product"] },
      "This code is not for the items in your order.",
    ],
  ];
  it.each(refusals)(
    "refuses a code that is %s, in one sentence, and stores nothing",
    async (_what, over, message) => {
      const code = await makeCode(t.db, over);
      const { uid, token } = await shopper();
      for (const answer of [
        await check(token, code.code),
        await create(token, orderBody({ coupon_code: code.code })),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.json.error).toMatch(message);
      }
      expect(await ordersOf(uid)).toHaveLength(0);
      expect(await usesOf(code.id)).toHaveLength(0);
    },
  );

  it("refuses an unknown code, a used-up code and a shopper's second use; nothing stored", async () => {
    const { uid, token } = await shopper();
    const unknown = await create(token, orderBody({ coupon_code: "NOPE123" }));
    expect(unknown.json.error).toBe("There is no discount code NOPE123; check the spelling.");
    const bad = await create(token, orderBody({ coupon_code: "<script>" }));
    expect(bad.status).toBe(400);

    const once = await makeCode(t.db, { usesPerShopper: 1 });
    const buyer = await shopper();
    const created = await create(buyer.token, orderBody({ coupon_code: once.code }));
    await pay(created.json.payment_session_id);
    const [buyerRow] = await t.db.select().from(schema.users).where(eq(schema.users.id, buyer.uid));
    const cartId = buyerRow!.cartId;
    await t.db.insert(schema.cartItems).values({
      id: `again-${buyer.uid}`,
      cartId,
      productId: k.shop.tagId,
      quantity: 1,
      pricePaise: 49900,
    });
    const second = await create(buyer.token, orderBody({ coupon_code: once.code }));
    expect(second.status).toBe(400);
    expect(second.json.error).toBe("You have already used this code as often as it allows.");

    const usedUp = await makeCode(t.db, { totalUses: 1 });
    const winner = await shopper();
    await pay(
      (await create(winner.token, orderBody({ coupon_code: usedUp.code }))).json.payment_session_id,
    );
    const late = await create(token, orderBody({ coupon_code: usedUp.code }));
    expect(late.status).toBe(400);
    expect(late.json.error).toBe("This code has been used up.");
    expect(await ordersOf(uid)).toHaveLength(0);
  });

  // PostgreSQL only: PGlite has one connection, so its transactions never overlap (nothing to race).
  it.runIf(kind === "postgres")(
    "50 parallel checkouts for a one-use code: a hold blocks no one; once one is paid it is used up",
    async () => {
      const code = await makeCode(t.db, { totalUses: 1 });
      const racers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
      const answers = await Promise.all(
        racers.map((r, i) =>
          create(r.token, orderBody({ coupon_code: code.code }), `10.9.${Math.floor(i / 20)}.${i}`),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
      expect(await usesOf(code.id)).toHaveLength(50);
      await pay(answers[0]!.json.payment_session_id);
      const used = (await usesOf(code.id)).filter((u) => u.usedAt !== null);
      expect(used.map((u) => u.orderId)).toEqual([answers[0]!.json.order_id]);
      const late = await shopper();
      expect((await check(late.token, code.code)).json.error).toBe("This code has been used up.");
    },
    120_000,
  );
});
