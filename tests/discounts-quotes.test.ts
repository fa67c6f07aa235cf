/**
 * Discount codes on a quote's pay page (docs/decisions/0095) on both engines: only a code the owner
 * allowed on quotes applies (priced on the quote, never the page's amount), the check call writes
 * nothing, and paying counts the use against the payer's email when they have no account; their own
 * unpaid attempts hold the code against them on other quotes (docs/decisions/0174).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const checkRoute = await import("~/pages/v2/quotes/[token]/discount");

describe.each(dbKinds)("discount codes on quotes on %s", (kind) => {
  const k = customWorkKit(kind);
  const { pay, press, orderRow, sentQuote } = k;
  const makeCode = async (over: Partial<typeof schema.discountCodes.$inferInsert> = {}) => {
    const code = `Q${randomUUID().slice(0, 8).toUpperCase()}`;
    await k.t.db
      .insert(schema.discountCodes)
      .values({ id: randomUUID(), code, kind: "fixed", amountPaise: 50000, ...over });
    return code;
  };
  const check = (token: string, code: string) =>
    call(checkRoute.POST, `/v2/quotes/${token}/discount`, {
      method: "POST",
      body: { code },
      params: { token },
    });

  it("a code allowed on quotes takes its amount off the quote; paying counts the use by the payer's email", async () => {
    const code = await makeCode({ forQuotes: true, usesPerShopper: 1 });
    const q = await sentQuote();
    const checked = await check(q.token, code.toLowerCase());
    expect(checked.status).toBe(200);
    expect(checked.json).toEqual({ code, subtotal: 4500.5, discount: 500, total: 4000.5 });
    const started = await pay(q.token, payBody({ coupon_code: code, order_amount: 1 }));
    expect(started.status).toBe(200);
    const order = await orderRow(started.json.order_id);
    expect(order).toMatchObject({ couponCode: code, discountPaise: 50000, totalPaise: 400050 });
    await press(started.json.payment_session_id);
    const [use] = await k.t.db
      .select()
      .from(schema.discountUses)
      .where(eq(schema.discountUses.orderId, order.id));
    expect(use).toMatchObject({ userId: "guest:meera@example.com", orderTotalPaise: 400050 });
    expect(use!.usedAt).toBeInstanceOf(Date);
  });

  it("a code not allowed on quotes is refused in one sentence, and nothing is stored", async () => {
    const code = await makeCode();
    const q = await sentQuote();
    const checked = await check(q.token, code);
    expect(checked.status).toBe(400);
    expect(checked.json.error).toBe("This code cannot be used on a quote.");
    const refused = await pay(q.token, payBody({ coupon_code: code }));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("This code cannot be used on a quote.");
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id)),
    ).toHaveLength(0);
  });

  it("a payer's unpaid attempt holds a one-use code against their other quotes, not the same quote", async () => {
    const code = await makeCode({ forQuotes: true, usesPerShopper: 1 });
    const q = await sentQuote();
    const first = await pay(q.token, payBody({ coupon_code: code }));
    expect(first.status).toBe(200);
    // Another attempt at the same quote (another address): the quote is paid once, so never refused.
    const moved = {
      address1: "9 Hill Road",
      city: "Pune",
      state: "Maharashtra",
      zipCode: "411001",
    };
    const again = await pay(q.token, payBody({ coupon_code: code, address: moved }));
    expect(again.status).toBe(200);
    expect(again.json.order_id).not.toBe(first.json.order_id);
    const other = await sentQuote();
    const refused = await pay(other.token, payBody({ coupon_code: code }));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/^Your unpaid order ord_\S+ holds this code until /);
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, other.id)),
    ).toHaveLength(0);
  });

  it("one payer paying three quotes at once with a one-use code: exactly one gets it", async () => {
    const code = await makeCode({ forQuotes: true, totalUses: 1, usesPerShopper: 1 });
    const quotes = await Promise.all([sentQuote(), sentQuote(), sentQuote()]);
    const answers = await Promise.all(
      quotes.map((q) => pay(q.token, payBody({ coupon_code: code }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    const winner = answers.find((a) => a.status === 200)!;
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.json.error).toContain(
        `Your unpaid order ${winner.json.order_id} holds this code`,
      );
    const held = await k.t.db
      .select()
      .from(schema.discountUses)
      .innerJoin(schema.discountCodes, eq(schema.discountCodes.id, schema.discountUses.codeId))
      .where(eq(schema.discountCodes.code, code));
    expect(held.map((h) => h.discount_uses.orderId)).toEqual([winner.json.order_id]);
  });

  it("an unknown link is a 404", async () => {
    const code = await makeCode({ forQuotes: true });
    expect((await check("x".repeat(43), code)).status).toBe(404);
  });
});
