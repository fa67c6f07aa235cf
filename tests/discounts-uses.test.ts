/**
 * A code's uses with shoppers at once, on both engines (docs/decisions/0174-code-uses-count-when-paid.md,
 * 0175-no-order-below-one-rupee.md): a shopper's own unpaid holds count against them (no three holds
 * of a one-use code), another shopper's hold blocks no one, a payment past a limit is recorded and
 * the owner told, "Cancel payment" gives the hold back at once, and no code leaves less than ₹1.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { listCodes } from "~/features/admin/discounts/discounts-admin.server";
import { expireOrder, recordPayment } from "~/features/checkout/payment-record.server";
import { schema, type Db } from "~/server/db/client";
import { success } from "./helpers/books";
import { call } from "./helpers/call";
import { orderBody, localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { type CodeInput, makeDiscountCode } from "./helpers/discounts";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");
const checkRoute = await import("~/pages/v2/discounts/check");
const outcomeRoute = await import("~/pages/pay/local/[session]/outcome");

const makeCode = (db: Db, over: CodeInput = {}) =>
  makeDiscountCode(db, "U", { percentBasisPoints: 5000, ...over });

const HELD_BY_YOU =
  /^Your unpaid order (ord_\S+) holds this code until \d+ \w{3} \d{4}, \d\d:\d\d; pay that order, or cancel its payment, to use the code here\.$/;

describe.each(dbKinds)("a code's uses with shoppers at once on %s", (kind) => {
  const k = localShopKit(kind);
  const { t } = k;

  const shopper = () => k.newShopper("uses");
  const create = (token: string, body: unknown, i = 0) =>
    call(createRoute.POST, "/create-order", {
      method: "POST",
      token,
      body,
      clientAddress: `10.8.${Math.floor(i / 20)}.${i % 250}`,
    });
  const check = (token: string, code: string) =>
    call(checkRoute.POST, "/v2/discounts/check", { method: "POST", token, body: { code } });
  const outcome = (session: string, choice: "pay" | "cancel") =>
    call(outcomeRoute.POST, `/pay/local/${session}/outcome`, {
      method: "POST",
      rawBody: `outcome=${choice}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      params: { session },
    });
  /** Another cart for the same shopper: `tags` luggage tags instead of one. */
  const changeCart = async (uid: string, tags: number) => {
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, uid));
    await t.db
      .update(schema.cartItems)
      .set({ quantity: tags })
      .where(
        and(
          eq(schema.cartItems.cartId, user!.cartId),
          eq(schema.cartItems.productId, k.shop.tagId),
        ),
      );
  };
  const ordersWith = (code: string) =>
    t.db.select().from(schema.orders).where(eq(schema.orders.couponCode, code));
  const usesOf = (codeId: string) =>
    t.db.select().from(schema.discountUses).where(eq(schema.discountUses.codeId, codeId));
  const pastLimitMails = (code: string) =>
    t.db
      .select()
      .from(schema.outbox)
      .where(like(schema.outbox.subject, `Discount code ${code} went past its limit%`));
  const figures = async (codeId: string) => {
    const row = (await listCodes(t.db)).find((c) => c.id === codeId)!;
    return { uses: row.uses, orders: row.orders };
  };

  it("one shopper cannot hold a one-use code on three carts; another's hold blocks no one", async () => {
    const code = await makeCode(t.db, { totalUses: 1, usesPerShopper: 1 });
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => shopper()));
    const answers = await Promise.all(
      shoppers.map(async (s, i) => {
        const tries = [];
        for (const tags of [1, 2, 3]) {
          await changeCart(s.uid, tags);
          const body = orderBody({ coupon_code: code.code, idempotency_key: `${s.uid}-${tags}` });
          tries.push(await create(s.token, body, i));
        }
        return tries;
      }),
    );
    for (const [first, ...others] of answers) {
      // Every shopper's first order gets the code: the others' unpaid holds use nothing up.
      expect(first!.status).toBe(200);
      for (const refused of others) {
        expect(refused.status).toBe(400);
        expect(refused.json.error).toMatch(HELD_BY_YOU);
        expect(refused.json.error.match(HELD_BY_YOU)![1]).toBe(first!.json.order_id);
      }
    }
    const held = await ordersWith(code.code);
    expect(held.map((o) => o.id).sort()).toEqual(answers.map((a) => a[0]!.json.order_id).sort());
    // The check call tells the holder the same sentence, and anyone else the code is free.
    expect((await check(shoppers[0]!.token, code.code)).json.error).toMatch(HELD_BY_YOU);
    const newcomer = await shopper();
    expect((await check(newcomer.token, code.code)).status).toBe(200);
    // The owner's list: no use yet (uses count when paid), four orders holding one.
    expect(await figures(code.id)).toEqual({ uses: 0, orders: 4 });
  });

  it("payments at once past a one-use code: each recorded and honoured, the owner told", async () => {
    const code = await makeCode(t.db, { totalUses: 1 });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    const created = await Promise.all(
      shoppers.map((s, i) => create(s.token, orderBody({ coupon_code: code.code }), i)),
    );
    expect(created.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    const paid = await Promise.all(
      created.map((c) => outcome(c.json.payment_session_id as string, "pay")),
    );
    expect(paid.map((p) => p.status)).toEqual([303, 303, 303, 303, 303]);
    const orders = await ordersWith(code.code);
    expect(orders).toHaveLength(5);
    for (const order of orders)
      expect(order).toMatchObject({ status: "processing", couponDiscountPaise: 174850 });
    const uses = await usesOf(code.id);
    expect(uses.filter((u) => u.usedAt !== null)).toHaveLength(5);
    // Four payments went past the one use: four mails, each naming its own order, and four log lines.
    const mails = await pastLimitMails(code.code);
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(4);
    expect(mails[0]!.body).toMatch(/it allows 1 paid uses in all and this is use [2-5]\./);
    const logged = await t.db
      .select()
      .from(schema.orderLog)
      .where(like(schema.orderLog.message, `Discount code ${code.code} went past%`));
    expect(logged).toHaveLength(4);
    expect(await figures(code.id)).toEqual({ uses: 5, orders: 5 });
  });

  it("Cancel payment and expiry give a hold back at once; a payment that comes anyway is told", async () => {
    const code = await makeCode(t.db, { usesPerShopper: 1 });
    const [a, b] = await Promise.all([shopper(), shopper()]);
    const [firstA, firstB] = await Promise.all([
      create(a.token, orderBody({ coupon_code: code.code }), 1),
      create(b.token, orderBody({ coupon_code: code.code }), 2),
    ]);
    expect([firstA.status, firstB.status]).toEqual([200, 200]);
    expect((await check(a.token, code.code)).json.error).toMatch(HELD_BY_YOU);
    await Promise.all([
      outcome(firstA.json.payment_session_id as string, "cancel"),
      expireOrder(t.db, firstB.json.order_id as string),
    ]);
    expect((await check(a.token, code.code)).status).toBe(200);
    expect((await check(b.token, code.code)).status).toBe(200);
    await changeCart(a.uid, 2);
    const second = await create(a.token, orderBody({ coupon_code: code.code }), 1);
    expect(second.status).toBe(200);
    expect(await figures(code.id)).toEqual({ uses: 0, orders: 1 });
    expect((await outcome(second.json.payment_session_id as string, "pay")).status).toBe(303);
    // The cancelled attempt is paid after all (another tab): recorded, the owner told.
    const [cancelled] = await t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, firstA.json.order_id as string));
    expect(cancelled!.paymentStatus).toBe("Cancelled");
    const effect = await recordPayment(
      t.db,
      cancelled!.id,
      success(`late-${cancelled!.id}`, cancelled!.totalPaise),
      "local",
    );
    expect(effect).toBe("paid");
    const mails = await pastLimitMails(code.code);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(cancelled!.id);
    expect(mails[0]!.body).toContain("it allows 1 per shopper and this is the shopper's use 2.");
    expect(await figures(code.id)).toEqual({ uses: 2, orders: 2 });
  });

  it("a code that would leave less than ₹1.00 is refused; nothing is stored", async () => {
    const cases: CodeInput[] = [
      { percentBasisPoints: 10_000 },
      { kind: "fixed", percentBasisPoints: 0, amountPaise: 500_000 },
      { kind: "fixed", percentBasisPoints: 0, amountPaise: 349_650 },
    ];
    for (const over of cases) {
      const code = await makeCode(t.db, over);
      const { uid, token } = await shopper();
      for (const answer of [
        await check(token, code.code),
        await create(token, orderBody({ coupon_code: code.code })),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.json.error).toBe(
          "This code would leave less than ₹1.00 to pay, too small a payment to take; add to your order or use another code.",
        );
      }
      const mine = await t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
      expect(mine).toHaveLength(0);
      expect(await usesOf(code.id)).toHaveLength(0);
    }
    const rupee = await makeCode(t.db, {
      kind: "fixed",
      percentBasisPoints: 0,
      amountPaise: 349_600,
    });
    const { token } = await shopper();
    expect((await check(token, rupee.code)).json).toMatchObject({ total: 1 });
  });
});
