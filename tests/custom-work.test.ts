/**
 * Custom work (issue 12) against a real database with the local provider: the quote lifecycle
 * (create, send, revise, withdraw, expire), paying a quote once (a second payment refused and
 * recorded, at the door and at the provider), links that are guessed or expired answering the same
 * 404, an authorisation matrix over every new endpoint, studio stages by the owner only, the
 * promised dispatch date and the owner's sort by it, and /my-orders by verified email.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { resetPaymentConfigForTests } from "../src/server/payments/config.server";
import { setPaymentProviderForTests } from "../src/server/payments/index.server";
import { loadOrdersOfUser } from "../src/features/orders/orders.server";
import { call } from "./helpers/call";
import { makeShop, makeShopper, orderBody, type Shop } from "./helpers/checkout";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

vi.mock("../src/server/auth/auth.server", async () =>
  (await import("./helpers/fake-auth")).fakeAuthModule((token) => {
    if (token === "owner") return { uid: "owner-1", email: "owner@example.com", role: "tm_admin", emailVerified: true };
    const uid = /^test:(.+)$/.exec(token)?.[1];
    return uid === undefined ? null : { uid, email: `${uid}@example.com`, role: "customer", emailVerified: true };
  }),
);

const inquiryQuotes = await import("../src/pages/v2/admin/inquiries/[id]/quotes");
const quoteRoute = await import("../src/pages/v2/admin/quotes/[id]");
const quoteAction = await import("../src/pages/v2/admin/quotes/[id]/[action]");
const stagesRoute = await import("../src/pages/v2/admin/order/[id]/stages");
const shippingRoute = await import("../src/pages/v2/admin/order/[id]/shipping-charge");
const publicQuote = await import("../src/pages/v2/quotes/[token]");
const payRoute = await import("../src/pages/v2/quotes/[token]/pay");
const outcomeRoute = await import("../src/pages/pay/local/[session]/outcome");
const allOrders = await import("../src/pages/v2/admin/allorders");
const createRoute = await import("../src/pages/create-order");

const DAY = 86_400_000;
const future = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const quoteBody = (extra: Record<string, unknown> = {}) => ({
  title: "Ocean keepsake block",
  description: "A 6 inch block with the shells you sent",
  price: 4500.5,
  shippingWeight: 0.8,
  dispatchMinDays: 7,
  dispatchMaxDays: 15,
  stageSet: "custom",
  referenceImage: "/media/ref.webp",
  expiresAt: future(10),
  ...extra,
});
const payBody = (extra: Record<string, unknown> = {}) => ({
  customer_name: "Meera Rao",
  customer_email: "Meera@Example.com",
  customer_phone: "98765 43210",
  address: { address1: "4 Lake Road", city: "Pune", state: "Maharashtra", zipCode: "411001" },
  order_amount: 1,
  ...extra,
});

describe.each(dbKinds)("custom work on %s", (kind) => {
  let t: TestDb;
  let shop: Shop;
  let n = 0;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.DEMO_MODE = "true";
    process.env.PAYMENT_PROVIDER = "local";
    process.env.LOCAL_WEBHOOK_URL = "http://127.0.0.1:1/local/webhook"; // unreachable: recorded in-process
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
    t = await createTestDb(kind);
    shop = await makeShop(t.db);
    await t.db.insert(schema.users).values({ id: "owner-1", email: "owner@example.com", role: "tm_admin" });
  });
  afterAll(async () => {
    await t.close();
    process.env = saved;
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
  });
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  async function inquiry(email = "meera@example.com"): Promise<string> {
    const id = `inq-${kind}-${++n}`;
    await t.db.insert(schema.customInquiries).values({ id, name: "Meera Rao", email, productType: "Keepsake", description: "shells" });
    return id;
  }
  const create = (id: string, body: unknown, token = "owner") => call(inquiryQuotes.POST, `/v2/admin/inquiries/${id}/quotes`, { method: "POST", token, body, params: { id } });
  const act = (id: string, action: string, body?: unknown, token = "owner") =>
    call(quoteAction.POST, `/v2/admin/quotes/${id}/${action}`, { method: "POST", token, body, params: { id, action } });
  const view = (token: string) => call(publicQuote.GET, `/v2/quotes/${token}`, { params: { token } });
  const pay = (token: string, body: unknown, bearer?: string) => call(payRoute.POST, `/v2/quotes/${token}/pay`, { method: "POST", body, token: bearer, params: { token } });
  const press = (session: string, outcome = "pay") =>
    call(outcomeRoute.POST, `/pay/local/${session}/outcome`, { method: "POST", rawBody: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" }, params: { session } });
  const inquiryStatus = async (id: string) => (await t.db.select().from(schema.customInquiries).where(eq(schema.customInquiries.id, id)))[0]!.status;
  const mailsTo = async (to: string) => (await t.db.select().from(schema.outbox)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const tokenIn = (body: string) => /\/quote\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  const orderRow = async (id: string) => (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const events = async (quoteId: string) => (await t.db.select().from(schema.quoteEvents).where(eq(schema.quoteEvents.quoteId, quoteId))).map((e) => e.kind);

  /** A sent quote: its id and the link's token (read from the mail in the outbox). */
  async function sentQuote(extra: Record<string, unknown> = {}, email = `c${n + 1}-${kind}@example.com`) {
    const inq = await inquiry(email);
    const created = await create(inq, quoteBody(extra));
    expect(created.status).toBe(201);
    const sent = await act(created.json.id, "send");
    expect(sent.status).toBe(200);
    const mail = (await mailsTo(email)).at(-1)!;
    const token = tokenIn(mail.body)!;
    expect(sent.json.link).toContain(`/quote/${token}`);
    return { inq, id: created.json.id as string, token, email };
  }

  it("creates a draft with the owner's figures (rupees on the wire), refuses bad ones, sends the link by mail and moves the inquiry to quoted", async () => {
    const inq = await inquiry();
    const created = await create(inq, quoteBody());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: "draft", price: 4500.5, total: 4500.5, shippingEstimate: 120, dispatchMaxDays: 15, customerEmail: "meera@example.com" });
    expect(await inquiryStatus(inq)).toBe("new");
    for (const [bad, message] of [
      [{ dispatchMinDays: 3 }, "5-20 days"],
      [{ dispatchMaxDays: 25 }, "5-20 days"],
      [{ stageSet: "varmala", dispatchMinDays: 15, dispatchMaxDays: 30 }, "at least 20 days"],
      [{ price: 10.005 }, "price"],
      [{ price: 0 }, "price"],
      [{ expiresAt: "2020-01-01" }, "future"],
      [{ expiresAt: "2026-02-31" }, "expiresAt"],
      [{ shippingWeight: undefined }, "shippingEstimate"],
      [{ referenceImage: "javascript:alert(1)" }, "referenceImage"],
    ] as const) {
      const refused = await create(inq, quoteBody(bad));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.json.error).toContain(message);
    }
    expect(await t.db.select().from(schema.quotes).where(eq(schema.quotes.inquiryId, inq))).toHaveLength(1);
    // A draft can be edited; the estimate may be a figure.
    const edited = await call(quoteRoute.PUT, `/v2/admin/quotes/${created.json.id}`, { method: "PUT", token: "owner", body: quoteBody({ shippingWeight: undefined, shippingEstimate: 250 }), params: { id: created.json.id } });
    expect(edited.json.shippingEstimate).toBe(250);
    const sent = await act(created.json.id, "send");
    expect(sent.json.quote.status).toBe("sent");
    expect(await inquiryStatus(inq)).toBe("quoted");
    const [mail] = await mailsTo("meera@example.com");
    const token = tokenIn(mail!.body)!;
    expect(token).toHaveLength(43); // 256 bits, base64url
    const [row] = await t.db.select().from(schema.quotes).where(eq(schema.quotes.id, created.json.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const shown = await view(token);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ state: "open", quote: { title: "Ocean keepsake block", price: 4500.5, total: 4500.5, shippingEstimate: 250 } });
    expect(JSON.stringify(shown.json)).not.toContain("inq-");
    // Sent once only; a second open quote for the inquiry is refused.
    expect((await act(created.json.id, "send")).status).toBe(409);
    const second = await create(inq, quoteBody());
    expect((await act(second.json.id, "send")).status).toBe(409);
  });

  it("revise: the old link says replaced and leads to the new quote; withdraw: the link is a 404 and the inquiry closed", async () => {
    const q = await sentQuote();
    const revised = await act(q.id, "revise", quoteBody({ price: 5200 }));
    expect(revised.status).toBe(200);
    expect(revised.json.quote).toMatchObject({ status: "sent", price: 5200 });
    const newToken = tokenIn((await mailsTo(q.email)).at(-1)!.body)!;
    expect(newToken).not.toBe(q.token);
    const old = await view(q.token);
    expect(old.json.state).toBe("replaced");
    const { loadQuotePage } = await import("../src/features/custom/quote-page.server");
    expect((await loadQuotePage(t.db, q.token, { follow: true }))?.quote.price).toBe(520000);
    expect((await view(newToken)).json.quote.price).toBe(5200);
    expect(await events(q.id)).toEqual(expect.arrayContaining(["sent", "revised"]));
    // Paying through the old link pays the new quote's amount (the server's, never the page's).
    expect((await act(q.id, "revise", quoteBody())).status).toBe(409);
    const withdrawn = await act(revised.json.quote.id, "withdraw");
    expect(withdrawn.json.status).toBe("withdrawn");
    expect(await inquiryStatus(q.inq)).toBe("closed");
    expect((await view(newToken)).status).toBe(404);
    expect(await loadQuotePage(t.db, q.token, { follow: true })).toBeNull();
    expect((await pay(newToken, payBody())).status).toBe(404);
  });

  it("a guessed, malformed, withdrawn or expired link answers the same 404 and reveals nothing", async () => {
    const q = await sentQuote();
    await t.db.update(schema.quotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.quotes.id, q.id));
    const expired = await view(q.token);
    const guessed = await view("A".repeat(43));
    const malformed = await view("short");
    for (const answer of [expired, guessed, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: "Quote not found" });
    }
    expect((await pay(q.token, payBody())).status).toBe(404);
    expect((await pay("B".repeat(43), payBody())).json).toEqual({ error: "Quote not found" });
    expect((await t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id)))).toHaveLength(0);
    // The owner still sees it, as expired.
    const listed = await call(inquiryQuotes.GET, `/v2/admin/inquiries/${q.inq}/quotes`, { token: "owner", params: { id: q.inq } });
    expect(listed.json.quotes[0].status).toBe("expired");
  });

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
    expect(pending).toMatchObject({ kind: "custom", quoteId: q.id, totalPaise: 450050, status: "pending", claimEmail: "meera@example.com", returnPath: `/quote-return/${pending.id}` });
    const items = await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, pending.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productName: "Ocean keepsake block", quantity: 1, pricePaise: 450050, productId: null });

    const pressed = await press(started.json.payment_session_id);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(`/quote-return/${pending.id}`);
    const paid = await orderRow(pending.id);
    expect(paid).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    expect(paid.promisedDispatchAt!.getTime() - paid.paidAt!.getTime()).toBe(15 * DAY);
    expect(await inquiryStatus(q.inq)).toBe("paid");
    const [quote] = await t.db.select().from(schema.quotes).where(eq(schema.quotes.id, q.id));
    expect(quote).toMatchObject({ status: "paid", paidOrderId: pending.id });
    expect((await view(q.token)).json).toMatchObject({ state: "paid", order: { id: pending.id, status: "processing" } });

    const refused = await pay(q.token, payBody());
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("This quote is already paid.");
    expect(await events(q.id)).toContain("pay-refused");
    expect(await t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id))).toHaveLength(1);
  });

  it("two attempts that both reach the provider: the second success is recorded, refused, its order cancelled and the owner mailed", async () => {
    const q = await sentQuote();
    const a = await pay(q.token, payBody());
    const b = await pay(q.token, payBody({ address: { address1: "9 Hill Road", city: "Pune", state: "Maharashtra", zipCode: "411002" } }));
    expect(b.json.order_id).not.toBe(a.json.order_id);
    await press(a.json.payment_session_id);
    await press(b.json.payment_session_id);
    expect(await orderRow(a.json.order_id)).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    const second = await orderRow(b.json.order_id);
    expect(second).toMatchObject({ status: "cancelled", paymentStatus: "Refused" });
    expect(second.paidAt).toBeNull();
    const [payment] = await t.db.select().from(schema.payments).where(eq(schema.payments.orderId, second.id));
    expect(payment).toMatchObject({ status: "SUCCESS", outcome: "refused" });
    expect(await events(q.id)).toContain("pay-refused");
    const owner = (await mailsTo("hello@resintales.example")).filter((m) => m.subject.startsWith("Quote paid twice"));
    expect(owner.some((m) => m.body.includes(second.id))).toBe(true);
    const [quote] = await t.db.select().from(schema.quotes).where(eq(schema.quotes.id, q.id));
    expect(quote!.paidOrderId).toBe(a.json.order_id);
  });

  it("the order shows in /my-orders for an account with the same VERIFIED email, not for an unverified one", async () => {
    const q = await sentQuote({}, `claim-${kind}@example.com`);
    const started = await pay(q.token, payBody({ customer_email: `Claim-${kind}@example.com` }));
    await press(started.json.payment_session_id);
    await t.db.insert(schema.users).values({ id: `claimer-${kind}`, email: `claim-${kind}@example.com` });
    const verified = await loadOrdersOfUser(t.db, `claimer-${kind}`, `claim-${kind}@example.com`);
    expect(verified.map((o) => o.id)).toEqual([started.json.order_id]);
    expect(verified[0]).toMatchObject({ kind: "custom", quoteId: q.id, late: false });
    expect(verified[0]!.promisedDispatchAt).toBeTruthy();
    expect(await loadOrdersOfUser(t.db, `claimer-${kind}`, null)).toEqual([]);
  });

  it("a signed-in customer may pay with a saved address; the order is theirs and their cart is untouched", async () => {
    const shopper = await makeShopper(t.db, shop, `payer-${kind}`);
    const q = await sentQuote();
    const refusedAnon = await pay(q.token, payBody({ address: undefined, address_id: "addr-1" }));
    expect(refusedAnon.status).toBe(401);
    const started = await pay(q.token, payBody({ address: undefined, address_id: "addr-1" }), shopper.token);
    expect(started.status).toBe(200);
    await press(started.json.payment_session_id);
    const order = await orderRow(started.json.order_id);
    expect(order).toMatchObject({ userId: shopper.uid, claimEmail: "", status: "processing" });
    expect(order.shippingAddress.address1).toBe("12 MI Road");
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, shopper.uid));
    expect(await t.db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, user!.cartId))).toHaveLength(2);
  });

  it("stages: the owner marks them in order with a note and photos, each mails the customer; dates and the next expected date", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    const orderId = started.json.order_id as string;
    const stage = (body: unknown, token = "owner") => call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, { method: "POST", token, body, params: { id: orderId } });
    expect((await stage({ stage: "design-agreed" })).status).toBe(400); // not paid yet
    await press(started.json.payment_session_id);
    expect((await stage({ stage: "resin-pour" })).json.error).toContain("design-agreed first");
    expect((await stage({ stage: "drying" })).status).toBe(400);
    expect((await stage({ stage: "design-agreed" }, `test:someone-${kind}`)).status).toBe(403);
    expect((await stage({ stage: "design-agreed", photos: ["http://evil.example/x.png"] })).status).toBe(400);
    const before = (await mailsTo("meera@example.com")).length;
    const first = await stage({ stage: "design-agreed", note: "Sketch approved", photos: ["/media/sketch.webp"] });
    expect(first.status).toBe(200);
    expect(first.json.stageSet).toBe("custom");
    expect(first.json.stages[0]).toMatchObject({ key: "design-agreed", done: true, note: "Sketch approved", photos: ["/media/sketch.webp"] });
    const doneAt = new Date(first.json.stages[0].doneAt).getTime();
    expect(new Date(first.json.stages[1].expectedAt).getTime() - doneAt).toBe(2 * DAY);
    expect(first.json.stages[2].expectedAt).toBeNull();
    const second = await stage({ stage: "resin-pour", photos: ["/media/pour.webp"] });
    expect(second.json.stages.filter((s: { done: boolean }) => s.done)).toHaveLength(2);
    expect((await stage({ stage: "resin-pour" })).json.error).toContain("already");
    const mails = (await mailsTo("meera@example.com")).slice(before); // the payer's address
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("Design agreed done"), expect.stringContaining("Resin pour done")]);
    const page = await view(q.token);
    expect(page.json.stages.stages[1]).toMatchObject({ key: "resin-pour", done: true, photos: ["/media/pour.webp"] });
    const read = await call(stagesRoute.GET, `/v2/admin/order/${orderId}/stages`, { token: "owner", params: { id: orderId } });
    expect(read.json.stages).toHaveLength(5);
  });

  it("catalogue orders get a promised dispatch date 20 days after payment and no stages unless varmala; the owner sorts by the date and sees late ones", async () => {
    const shopper = await makeShopper(t.db, shop, `cat-${kind}`);
    const created = await call(createRoute.POST, "/create-order", { method: "POST", token: shopper.token, body: orderBody() });
    await press(created.json.payment_session_id);
    const order = await orderRow(created.json.order_id);
    expect(order.promisedDispatchAt!.getTime() - order.paidAt!.getTime()).toBe(20 * DAY);
    const stage = await call(stagesRoute.POST, `/v2/admin/order/${order.id}/stages`, { method: "POST", token: "owner", body: { stage: "design-agreed" }, params: { id: order.id } });
    expect(stage.status).toBe(400);
    // Make it late: its promise passed while still processing.
    await t.db.update(schema.orders).set({ promisedDispatchAt: new Date(Date.now() - DAY) }).where(eq(schema.orders.id, order.id));
    const sorted = await call(allOrders.GET, "/v2/admin/allorders?sort=dispatch", { token: "owner" });
    expect(sorted.status).toBe(200);
    expect(sorted.json[0]).toMatchObject({ id: order.id, late: true });
    const dates = sorted.json.map((o: { promisedDispatchAt: string | null }) => o.promisedDispatchAt).filter(Boolean);
    expect([...dates].sort()).toEqual(dates);
    const late = await call(allOrders.GET, "/v2/admin/allorders?late=true", { token: "owner" });
    expect(late.json.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await call(allOrders.GET, "/v2/admin/allorders?sort=soon", { token: "owner" })).status).toBe(400);
  });

  it("a shipping charge at dispatch: a link like a quote's; paying it sets the order's shipping cost", async () => {
    const q = await sentQuote();
    const started = await pay(q.token, payBody());
    await press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    const asked = await call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, { method: "POST", token: "owner", body: { amount: 180 }, params: { id: orderId } });
    expect(asked.status).toBe(201);
    const token = tokenIn((await mailsTo("meera@example.com")).at(-1)!.body)!; // mailed to the payer
    expect(asked.json.link).toContain(token);
    expect((await view(token)).json.quote).toMatchObject({ kind: "shipping", total: 180 });
    const charge = await pay(token, payBody());
    await press(charge.json.payment_session_id);
    expect((await orderRow(orderId)).shippingCostPaise).toBe(18000);
    expect(await orderRow(charge.json.order_id)).toMatchObject({ kind: "shipping", status: "processing" });
    expect((await call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, { method: "POST", token: "owner", body: { amount: 180 }, params: { id: orderId } })).status).toBe(409);
  });

  it("every new owner endpoint: 401 without a token, 403 for a shopper, nothing written", async () => {
    const q = await sentQuote();
    const [anyOrder] = await t.db.select().from(schema.orders).limit(1);
    const orderId = anyOrder?.id ?? "none";
    const calls = [
      (token?: string) => call(inquiryQuotes.GET, `/v2/admin/inquiries/${q.inq}/quotes`, { token, params: { id: q.inq } }),
      (token?: string) => call(inquiryQuotes.POST, `/v2/admin/inquiries/${q.inq}/quotes`, { method: "POST", token, body: quoteBody(), params: { id: q.inq } }),
      (token?: string) => call(quoteRoute.PUT, `/v2/admin/quotes/${q.id}`, { method: "PUT", token, body: quoteBody(), params: { id: q.id } }),
      ...["send", "revise", "withdraw"].map(
        (action) => (token?: string) => call(quoteAction.POST, `/v2/admin/quotes/${q.id}/${action}`, { method: "POST", token, body: quoteBody(), params: { id: q.id, action } }),
      ),
      (token?: string) => call(stagesRoute.GET, `/v2/admin/order/${orderId}/stages`, { token, params: { id: orderId } }),
      (token?: string) => call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, { method: "POST", token, body: { stage: "design-agreed" }, params: { id: orderId } }),
      (token?: string) => call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, { method: "POST", token, body: { amount: 100 }, params: { id: orderId } }),
    ];
    const quotesBefore = (await t.db.select().from(schema.quotes)).length;
    const stagesBefore = (await t.db.select().from(schema.orderStages)).length;
    for (const request of calls) {
      expect((await request(undefined)).status).toBe(401);
      expect((await request(`test:nosy-${kind}`)).status).toBe(403);
    }
    expect((await t.db.select().from(schema.quotes)).length).toBe(quotesBefore);
    expect((await t.db.select().from(schema.orderStages)).length).toBe(stagesBefore);
    const [row] = await t.db.select().from(schema.quotes).where(and(eq(schema.quotes.id, q.id), eq(schema.quotes.status, "sent")));
    expect(row).toBeTruthy();
    // The owner gets through.
    expect((await calls[0]!("owner")).status).toBe(200);
  });
});
