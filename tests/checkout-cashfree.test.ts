/**
 * Checkout against a fake Cashfree (tests/helpers/fake-cashfree.ts) on a real database: every
 * scenario of decision 0014, each followed by the invariants: one order per checkout, at most one paid
 * transition per order, one payments row per provider payment.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { recheckDueOrders } from "~/features/checkout/recheck.server";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { cashfreeShopKit } from "./helpers/cashfree-provider";
import { CART_TOTAL_PAISE, makeShopper, orderBody } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; helpers/test-tokens.ts).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");

describe.each(dbKinds)("checkout with Cashfree (fake) on %s", (kind) => {
  // Generous enough for a busy machine (2 s a call, warmed up first); the timeout cases delay 3 s.
  const k = cashfreeShopKit(kind, { warmUp: true });
  const { verify, hook, order, paymentsOf } = k;
  let n = 0;
  beforeEach(() => {
    k.fake.delayMs = 0;
  });

  const shopper = () => makeShopper(k.t.db, k.shop, `cf-${kind}-${++n}`);
  const create = (token: string, body: unknown = orderBody()) =>
    call(createRoute.POST, "/create-order", { method: "POST", token, body });
  const mailsAbout = async (id: string) =>
    (await k.t.db.select().from(schema.outbox)).filter(
      (m) => m.subject.includes(id) || m.body.includes(id),
    );

  /** One order for this shopper; at most one paid transition; one row per provider payment. */
  async function invariants(uid: string) {
    const orders = await k.t.db.select().from(schema.orders).where(eq(schema.orders.userId, uid));
    expect(orders).toHaveLength(1);
    const rows = await paymentsOf(orders[0]!.id);
    expect(
      rows.filter((p) => p.outcome === "paid" || p.outcome === "late-paid").length,
    ).toBeLessThanOrEqual(1);
    expect(new Set(rows.map((p) => p.providerPaymentId)).size).toBe(rows.length);
    return orders[0]!;
  }

  async function checkout() {
    const who = await shopper();
    const created = await create(who.token, orderBody({ idempotency_key: `attempt-${who.uid}` }));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    return { ...who, id: created.json.order_id as string, created };
  }

  it("success: creates the Cashfree order in rupees with the return URL and expiry; verify marks it paid", async () => {
    const { uid, token, id, created } = await checkout();
    expect(created.json).toMatchObject({
      provider: "cashfree",
      mode: "sandbox",
      payment_session_id: expect.stringMatching(/^session_fake_/),
    });
    const remote = k.fake.orders.get(id)!;
    expect(remote.order_amount).toBe(CART_TOTAL_PAISE / 100);
    expect(remote.order_meta).toMatchObject({
      return_url: `http://localhost:4321/verify-order/${id}`,
    });
    expect(new Date(remote.order_expiry_time).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(k.fake.requests.at(-1)!.headers["x-idempotency-key"]).toBeTruthy();
    k.fake.pay(id);
    expect((await verify(token, id)).text).toBe("SUCCESS");
    const paid = await invariants(uid);
    expect(paid).toMatchObject({
      status: "processing",
      paymentStatus: "Paid",
      upiId: "asha@okbank",
    });
    expect(await mailsAbout(id)).toHaveLength(2);
  });

  it("failure: a failed payment is recorded, the order stays unpaid, verify says FAILED", async () => {
    const { uid, token, id } = await checkout();
    const failed = k.fake.pay(id, { status: "FAILED" });
    expect((await hook(k.fake.webhook(id, failed))).status).toBe(200);
    expect((await verify(token, id)).text).toBe("FAILED");
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "pending", paymentStatus: "Failed", paidAt: null });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("walk-away then expiry: the re-check cancels the order (payment Expired) with its timeline stamp", async () => {
    const { uid, id } = await checkout();
    await recheckDueOrders(k.t.db, k.provider, new Date(Date.now() + 2 * 60_000));
    expect((await order(id)).status).toBe("pending"); // still alive at the provider
    k.fake.expire(id);
    await recheckDueOrders(k.t.db, k.provider, new Date(Date.now() + 31 * 60_000));
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "Expired" });
    // Still asked about after expiry (a late success), on a slowing schedule (docs/decisions/0056).
    expect(row.nextCheckAt).not.toBeNull();
    expect(row.timeline.cancelled).toBeTruthy();
  });

  it("the re-check finds a payment the shopper never came back for", async () => {
    const { uid, id } = await checkout();
    k.fake.pay(id);
    await recheckDueOrders(k.t.db, k.provider, new Date(Date.now() + 2 * 60_000));
    expect((await invariants(uid)).status).toBe("processing");
  });

  it("amount mismatch: never marked paid, recorded, logged loudly, the owner is mailed", async () => {
    const { uid, token, id } = await checkout();
    // Cashfree reports the ORDER at another amount than the shop stored (paid is decided on it).
    k.fake.orders.get(id)!.order_amount = 1;
    const short = k.fake.pay(id, { amount: 1 });
    expect((await hook(k.fake.webhook(id, short))).status).toBe(200);
    expect((await verify(token, id)).text).not.toBe("SUCCESS");
    const row = await invariants(uid);
    expect(row.paidAt).toBeNull();
    expect(row.status).toBe("pending");
    expect((await paymentsOf(id))[0]).toMatchObject({ outcome: "mismatch", amountPaise: 100 });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("AMOUNT MISMATCH"));
    expect((await mailsAbout(id)).map((m) => m.subject)).toEqual([
      expect.stringContaining("mismatch"),
    ]);
  });

  it("a webhook repeated 5 times moves the order to paid once", async () => {
    const { uid, id } = await checkout();
    const w = k.fake.webhook(id, k.fake.pay(id));
    for (let i = 0; i < 5; i++) expect((await hook(w)).status).toBe(200);
    const row = await invariants(uid);
    expect(row.status).toBe("processing");
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await mailsAbout(id)).toHaveLength(2);
  });

  it("a webhook racing the verify call: paid exactly once", async () => {
    for (let round = 0; round < 3; round++) {
      const { uid, token, id } = await checkout();
      const w = k.fake.webhook(id, k.fake.pay(id));
      const [h, v] = await Promise.all([hook(w), verify(token, id), hook(w)]);
      expect(h.status).toBe(200);
      expect(v.text).toBe("SUCCESS");
      await invariants(uid);
      expect(await paymentsOf(id)).toHaveLength(1);
      expect(await mailsAbout(id)).toHaveLength(2);
    }
  });

  it("a provider timeout at create: 502 { error, detail }, the stored order's payment Failed, a retry answers the same order", async () => {
    const { uid, token } = await shopper();
    k.fake.delayMs = 3_000;
    const body = orderBody({ idempotency_key: `slow-${uid}` });
    const first = await create(token, body);
    expect(first.status).toBe(502);
    expect(first.json).toMatchObject({
      error: "Order Creation Failed",
      detail: expect.stringContaining("in time"),
    });
    const stored = await invariants(uid);
    expect(stored).toMatchObject({
      status: "pending",
      paymentStatus: "Failed",
      paymentSessionId: "",
    });
    k.fake.delayMs = 0;
    // The slow request finishes at the fake after all: the retry meets 409 and takes that order.
    await vi.waitFor(() => expect(k.fake.orders.has(stored.id)).toBe(true), { timeout: 5_000 });
    const retry = await create(token, body);
    expect(retry.status).toBe(200);
    expect(retry.json.order_id).toBe(stored.id);
    await invariants(uid);
  });

  it("a provider timeout at verify: 502, nothing changes", async () => {
    const { uid, token, id } = await checkout();
    k.fake.pay(id);
    k.fake.delayMs = 3_000;
    const slow = await verify(token, id);
    expect(slow.status).toBe(502);
    expect((await invariants(uid)).status).toBe("pending");
    k.fake.delayMs = 0;
    expect((await verify(token, id)).text).toBe("SUCCESS");
  });

  it("a bad, stale or re-serialised signature is refused with 401 and stores nothing", async () => {
    const { uid, id } = await checkout();
    const payment = k.fake.pay(id);
    const forged = k.fake.webhook(id, payment, { secret: "wrong" });
    expect((await hook(forged)).status).toBe(401);
    const stale = k.fake.webhook(id, payment, { timestamp: Date.now() - 25 * 60 * 60_000 });
    expect((await hook(stale)).status).toBe(401);
    const good = k.fake.webhook(id, payment);
    const reserialised = JSON.stringify(JSON.parse(good.body));
    expect(reserialised).not.toBe(good.body);
    expect((await hook({ body: reserialised, headers: good.headers })).status).toBe(401);
    expect(await paymentsOf(id)).toHaveLength(0);
    expect((await invariants(uid)).status).toBe("pending");
  });

  it("a success after expiry is recorded, moves the order to processing and mails the owner", async () => {
    const { uid, id } = await checkout();
    k.fake.expire(id);
    await recheckDueOrders(k.t.db, k.provider, new Date(Date.now() + 31 * 60_000));
    expect((await order(id)).status).toBe("cancelled");
    const late = k.fake.pay(id);
    expect((await hook(k.fake.webhook(id, late))).status).toBe(200);
    const row = await invariants(uid);
    expect(row).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    expect((await mailsAbout(id)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining("Late payment"),
    );
  });
});
