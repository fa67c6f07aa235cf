/**
 * Paying quotes and following orders (decisions 0045, 0046) with the local provider: a quote paid once at
 * the server's amount (a second payment refused and recorded, at the door and at the provider), the
 * promised dispatch date and the owner's sort by it, studio stages by the owner only, the shipping
 * charge at dispatch, and /my-orders by verified email.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "../src/server/db/client";
import { loadOrdersOfUser } from "../src/features/orders/orders.server";
import { makeShopper, orderBody } from "./helpers/checkout";
import { call } from "./helpers/call";
import { DAY, OWNER, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { approvedProof } from "./helpers/proofs";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; the owner is the users row "owner-1" with role tm_admin).
vi.mock("../src/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const stagesRoute = await import("../src/pages/v2/admin/order/[id]/stages");
const shippingRoute = await import("../src/pages/v2/admin/order/[id]/shipping-charge");
const allOrders = await import("../src/pages/v2/admin/allorders");
const createRoute = await import("../src/pages/create-order");

describe.each(dbKinds)("custom work: orders on %s", (kind) => {
  const k = customWorkKit(kind);
  const { view, pay, press, act, inquiryStatus, mailsTo, tokenIn, orderRow, events, sentQuote } = k;

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

  it("stages: the owner marks them in order with a note and photos, each mails the customer; dates and the next expected date", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    const orderId = started.json.order_id as string;
    const stage = (body: unknown, token = OWNER) =>
      call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, {
        method: "POST",
        token,
        body,
        params: { id: orderId },
      });
    expect((await stage({ stage: "design-agreed" })).status).toBe(400); // not paid yet
    await press(started.json.payment_session_id);
    expect((await stage({ stage: "resin-pour" })).json.error).toContain("design-agreed first");
    expect((await stage({ stage: "drying" })).status).toBe(400);
    expect((await stage({ stage: "design-agreed" }, `test:someone-${kind}`)).status).toBe(403);
    expect(
      (await stage({ stage: "design-agreed", photos: ["https://evil.example/x.png"] })).json.error,
    ).toContain("not an image uploaded to this shop");
    // Production waits for the customer's approval of a proof (docs/decisions/0121-proofs.md).
    expect((await stage({ stage: "design-agreed" })).status).toBe(409);
    await approvedProof(orderId, q.token);
    const before = (await mailsTo("meera@example.com")).length;
    const first = await stage({
      stage: "design-agreed",
      note: "Sketch approved",
      photos: ["/media/sketch.webp"],
    });
    expect(first.status).toBe(200);
    expect(first.json.stageSet).toBe("custom");
    expect(first.json.stages[0]).toMatchObject({
      key: "design-agreed",
      done: true,
      note: "Sketch approved",
      photos: ["/media/sketch.webp"],
    });
    const doneAt = new Date(first.json.stages[0].doneAt).getTime();
    expect(new Date(first.json.stages[1].expectedAt).getTime() - doneAt).toBe(2 * DAY);
    expect(first.json.stages[2].expectedAt).toBeNull();
    const second = await stage({ stage: "resin-pour", photos: ["/media/pour.webp"] });
    expect(second.json.stages.filter((s: { done: boolean }) => s.done)).toHaveLength(2);
    expect((await stage({ stage: "resin-pour" })).json.error).toContain("already");
    const mails = (await mailsTo("meera@example.com")).slice(before); // the payer's address
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("Design agreed done"),
      expect.stringContaining("Resin pour done"),
    ]);
    const page = await view(q.token);
    expect(page.json.stages.stages[1]).toMatchObject({
      key: "resin-pour",
      done: true,
      photos: ["/media/pour.webp"],
    });
    const read = await call(stagesRoute.GET, `/v2/admin/order/${orderId}/stages`, {
      token: OWNER,
      params: { id: orderId },
    });
    expect(read.json.stages).toHaveLength(5);
  });

  it("catalogue orders promise dispatch by their slowest product's processing window (20 days unless the owner set one), have no stages unless varmala; the owner sorts by the date and sees late ones", async () => {
    const shopper = await makeShopper(k.t.db, k.shop, `cat-${kind}`);
    const created = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: shopper.token,
      body: orderBody(),
    });
    await press(created.json.payment_session_id);
    const order = await orderRow(created.json.order_id);
    expect(order.promisedDispatchAt!.getTime() - order.paidAt!.getTime()).toBe(20 * DAY);

    await k.t.db
      .update(schema.products)
      .set({ processingDays: 27 })
      .where(eq(schema.products.id, k.shop.frameId));
    await k.t.db
      .update(schema.products)
      .set({ processingDays: 6 })
      .where(eq(schema.products.id, k.shop.tagId));
    const slower = await makeShopper(k.t.db, k.shop, `cat-slow-${kind}`);
    const second = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: slower.token,
      body: orderBody(),
    });
    await press(second.json.payment_session_id);
    const promised = await orderRow(second.json.order_id);
    expect(promised.promisedDispatchAt!.getTime() - promised.paidAt!.getTime()).toBe(27 * DAY);
    const stage = await call(stagesRoute.POST, `/v2/admin/order/${order.id}/stages`, {
      method: "POST",
      token: OWNER,
      body: { stage: "design-agreed" },
      params: { id: order.id },
    });
    expect(stage.status).toBe(400);
    // Make it late: its promise passed while still processing.
    await k.t.db
      .update(schema.orders)
      .set({ promisedDispatchAt: new Date(Date.now() - DAY) })
      .where(eq(schema.orders.id, order.id));
    const sorted = await call(allOrders.GET, "/v2/admin/allorders?sort=dispatch", { token: OWNER });
    expect(sorted.status).toBe(200);
    expect(sorted.json[0]).toMatchObject({ id: order.id, late: true });
    const dates = sorted.json
      .map((o: { promisedDispatchAt: string | null }) => o.promisedDispatchAt)
      .filter(Boolean);
    expect([...dates].sort()).toEqual(dates);
    const late = await call(allOrders.GET, "/v2/admin/allorders?late=true", { token: OWNER });
    expect(late.json.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(
      (await call(allOrders.GET, "/v2/admin/allorders?sort=soon", { token: OWNER })).status,
    ).toBe(400);
  });

  it("a catalogue order with a varmala product follows the varmala stages", async () => {
    const { makeCategory, makeProduct } = await import("../src/server/seed/factories");
    const category = await makeCategory(k.t.db, {
      id: `Varmala ${kind}`,
      slug: "varmala-preservation",
    });
    const product = await makeProduct(k.t.db, {
      name: "Varmala block",
      categoryId: category.id,
      pricePaise: 900000,
    });
    const shopper = await makeShopper(k.t.db, k.shop, `varmala-${kind}`);
    const [user] = await k.t.db.select().from(schema.users).where(eq(schema.users.id, shopper.uid));
    await k.t.db.insert(schema.cartItems).values({
      id: `line-varmala-${kind}`,
      cartId: user!.cartId,
      productId: product.id,
      quantity: 1,
      pricePaise: 900000,
    });
    const created = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: shopper.token,
      body: orderBody(),
    });
    await press(created.json.payment_session_id);
    const orderId = created.json.order_id as string;
    const marked = await call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, {
      method: "POST",
      token: OWNER,
      body: { stage: "garland-received", note: "Arrived" },
      params: { id: orderId },
    });
    expect(marked.status).toBe(200);
    expect(marked.json.stageSet).toBe("varmala");
    expect(marked.json.stages.map((s: { key: string }) => s.key)).toEqual([
      "garland-received",
      "drying",
      "silica-gel",
      "resin-pour",
      "curing",
      "finishing",
      "ready-to-dispatch",
    ]);
    expect(marked.json.stages[1].expectedAt).toBeTruthy();
  });

  it("a shipping charge at dispatch: a link like a quote's; paying it sets the order's shipping cost", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    await press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    const asked = await call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, {
      method: "POST",
      token: OWNER,
      body: { amount: 180 },
      params: { id: orderId },
    });
    expect(asked.status).toBe(201);
    const token = tokenIn((await mailsTo("meera@example.com")).at(-1)!.body)!; // mailed to the payer
    expect(asked.json.link).toContain(token);
    expect((await view(token)).json.quote).toMatchObject({ kind: "shipping", total: 180 });
    const charge = await pay(token, payBody());
    await press(charge.json.payment_session_id);
    expect((await orderRow(orderId)).shippingCostPaise).toBe(18000);
    expect(await orderRow(charge.json.order_id)).toMatchObject({
      kind: "shipping",
      status: "processing",
    });
    expect(
      (
        await call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, {
          method: "POST",
          token: OWNER,
          body: { amount: 180 },
          params: { id: orderId },
        })
      ).status,
    ).toBe(409);
  });
});
