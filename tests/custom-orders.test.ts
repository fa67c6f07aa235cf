/**
 * Paying quotes (decisions 0045, 0046) with the local provider: a quote paid once at the server's
 * amount (a second payment refused and recorded, at the door and at the provider), a quote
 * withdrawn while its payment page was open, a signed-in customer paying with a saved address, and
 * /my-orders by verified email. Stages, catalogue orders' dispatch dates and the shipping charge:
 * custom-orders-stages.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { loadOrdersOfUser } from "~/features/orders/orders.server";
import { makeShopper } from "./helpers/checkout";
import { DAY, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; the owner is the users row "owner-1" with role tm_admin).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("custom work: orders on %s", (kind) => {
  const k = customWorkKit(kind);
  const { view, pay, press, act, inquiryStatus, mailsTo, orderRow, events, sentQuote } = k;

  it("a visitor without an account pays once: one custom order at the server's amount, promised dispatch date, quote and inquiry paid; a second payment is refused and recorded", async () => {
    const q = await sentQuote();
    const bad = await pay(q.token, payBody({ customer_phone: "123" }));
    expect(bad.status).toBe(400);
    expect((await pay(q.token, payBody({ address: undefined }))).status).toBe(400);
    const started = await pay(q.token, payBody({ idempotency_key: `k-${q.id}` }));
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ provider: "local" });
    const again = await pay(q.token, payBody({ idempotency_key: `k-${q.id}` }));
    expect(again.json.order_id).toBe(started.json.order_id);
    const pending = await orderRow(started.json.order_id);
    expect(pending).toMatchObject({
      kind: "custom",
      quoteId: q.id,
      totalPaise: 450050,
      status: "pending",
      claimEmail: "meera@example.com",
      returnPath: `/quote-return/${pending.id}`,
    });
    const items = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, pending.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      productName: "Ocean keepsake block",
      quantity: 1,
      pricePaise: 450050,
      productId: null,
    });

    const pressed = await press(started.json.payment_session_id);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(`/quote-return/${pending.id}`);
    const paid = await orderRow(pending.id);
    expect(paid).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    expect(paid.promisedDispatchAt!.getTime() - paid.paidAt!.getTime()).toBe(15 * DAY);
    expect(await inquiryStatus(q.inq)).toBe("paid");
    const [quote] = await k.t.db.select().from(schema.quotes).where(eq(schema.quotes.id, q.id));
    expect(quote).toMatchObject({ status: "paid", paidOrderId: pending.id });
    expect((await view(q.token)).json).toMatchObject({
      state: "paid",
      order: { id: pending.id, status: "processing" },
    });

    const refused = await pay(q.token, payBody());
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("This quote is already paid.");
    expect(await events(q.id)).toContain("pay-refused");
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id)),
    ).toHaveLength(1);
  });

  it("two attempts that both reach the provider: the second success is recorded, refused, its order cancelled and the owner mailed", async () => {
    const q = await sentQuote();
    const a = await pay(q.token, payBody());
    const b = await pay(
      q.token,
      payBody({
        address: { address1: "9 Hill Road", city: "Pune", state: "Maharashtra", zipCode: "411002" },
      }),
    );
    expect(b.json.order_id).not.toBe(a.json.order_id);
    await press(a.json.payment_session_id);
    await press(b.json.payment_session_id);
    expect(await orderRow(a.json.order_id)).toMatchObject({
      status: "processing",
      paymentStatus: "Paid",
    });
    const second = await orderRow(b.json.order_id);
    expect(second).toMatchObject({ status: "cancelled", paymentStatus: "Refused" });
    expect(second.paidAt).toBeNull();
    const [payment] = await k.t.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.orderId, second.id));
    expect(payment).toMatchObject({ status: "SUCCESS", outcome: "refused" });
    expect(await events(q.id)).toContain("pay-refused");
    const owner = (await mailsTo("hello@resintales.example")).filter((m) =>
      m.subject.startsWith("Quote payment refused"),
    );
    expect(owner.some((m) => m.body.includes(second.id))).toBe(true);
    const [quote] = await k.t.db.select().from(schema.quotes).where(eq(schema.quotes.id, q.id));
    expect(quote!.paidOrderId).toBe(a.json.order_id);
  });

  it("a quote withdrawn while its payment page was open: the success is recorded, refused, the order cancelled and the owner mailed", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    expect((await act(q.id, "withdraw")).status).toBe(200);
    await press(started.json.payment_session_id);
    const order = await orderRow(started.json.order_id);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "Refused" });
    expect(order.paidAt).toBeNull();
    const [payment] = await k.t.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "SUCCESS", outcome: "refused" });
    const owner = (await mailsTo("hello@resintales.example")).filter((m) =>
      m.subject.startsWith("Quote payment refused"),
    );
    expect(owner.some((m) => m.body.includes(order.id) && m.body.includes("withdrawn"))).toBe(true);
    const [quote] = await k.t.db.select().from(schema.quotes).where(eq(schema.quotes.id, q.id));
    expect(quote).toMatchObject({ status: "withdrawn", paidOrderId: null });
  });

  it("the order shows in /my-orders for an account with the same VERIFIED email, not for an unverified one", async () => {
    const q = await sentQuote({}, `claim-${kind}@example.com`);
    const started = await pay(q.token, payBody({ customer_email: `Claim-${kind}@example.com` }));
    await press(started.json.payment_session_id);
    await k.t.db
      .insert(schema.users)
      .values({ id: `claimer-${kind}`, email: `claim-${kind}@example.com` });
    const verified = await loadOrdersOfUser(k.t.db, `claimer-${kind}`, `claim-${kind}@example.com`);
    expect(verified.map((o) => o.id)).toEqual([started.json.order_id]);
    expect(verified[0]).toMatchObject({ kind: "custom", quoteId: q.id, late: false });
    expect(verified[0]!.promisedDispatchAt).toBeTruthy();
    expect(await loadOrdersOfUser(k.t.db, `claimer-${kind}`, null)).toEqual([]);
  });

  it("a signed-in customer may pay with a saved address; the order is theirs and their cart is untouched", async () => {
    const shopper = await makeShopper(k.t.db, k.shop, `payer-${kind}`);
    const q = await sentQuote();
    const refusedAnon = await pay(q.token, payBody({ address: undefined, address_id: "addr-1" }));
    expect(refusedAnon.status).toBe(401);
    const started = await pay(
      q.token,
      payBody({ address: undefined, address_id: "addr-1" }),
      shopper.token,
    );
    expect(started.status).toBe(200);
    await press(started.json.payment_session_id);
    const order = await orderRow(started.json.order_id);
    expect(order).toMatchObject({ userId: shopper.uid, claimEmail: "", status: "processing" });
    expect(order.shippingAddress.address1).toBe("12 MI Road");
    const [user] = await k.t.db.select().from(schema.users).where(eq(schema.users.id, shopper.uid));
    expect(
      await k.t.db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, user!.cartId)),
    ).toHaveLength(2);
  });
});
