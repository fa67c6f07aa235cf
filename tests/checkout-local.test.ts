/**
 * Checkout with the local provider (demo mode) against a real database: create-order, the
 * stand-in page's buttons (each sends a signed webhook), verify, and the bad inputs.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import {
  CART_TOTAL_PAISE,
  orderBody,
  localShopKit,
  postCreateOrder,
  pressLocalPay,
} from "./helpers/checkout";
import { dbKinds } from "./helpers/db";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; helpers/test-tokens.ts).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const verifyRoute = await import("~/pages/[provider]/verify");
const { loadLocalPayPage, localProvider } = await import("~/features/checkout/local-pay.server");

describe.each(dbKinds)("checkout with the local provider on %s", (kind) => {
  const k = localShopKit(kind);
  const { t } = k;

  const shopper = () => k.newShopper("local");
  const create = postCreateOrder;
  const verify = (token: string, id: string, provider = "local") =>
    call(verifyRoute.POST, `/${provider}/verify?order_id=${id}`, {
      method: "POST",
      token,
      body: { total: 1 },
      params: { provider },
    });
  const press = pressLocalPay;
  const orderRow = async (id: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;

  it("stores a pending order priced by the server, then Pay marks it processing once and clears the cart", async () => {
    const { uid, token } = await shopper();
    const created = await create(token, orderBody({ idempotency_key: `key-${uid}` }));
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ provider: "local", mode: "sandbox" });
    expect(created.json.payment_session_id).toMatch(/^local_/);
    const id = created.json.order_id as string;
    const stored = await orderRow(id);
    expect(stored).toMatchObject({
      status: "pending",
      paymentStatus: "Pending",
      totalPaise: CART_TOTAL_PAISE,
      subtotalPaise: CART_TOTAL_PAISE,
      shippingPaise: 0,
    });
    expect(stored.shippingName.phone).toBe("9876543210");
    expect(stored.timeline.pending).toBeTruthy();
    expect(
      await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, id)),
    ).toHaveLength(2);

    expect((await verify(token, id)).text).toBe("PENDING");
    const pressed = await press(created.json.payment_session_id, "pay");
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(`/verify-order/${id}`);

    const verified = await verify(token, id);
    expect(verified.text).toBe("SUCCESS");
    expect(verified.headers.get("content-type")).toContain("text/plain");
    const paid = await orderRow(id);
    expect(paid).toMatchObject({
      status: "processing",
      paymentStatus: "Paid",
      upiId: "demo@upi",
      paymentAmountPaise: CART_TOTAL_PAISE,
    });
    expect(paid.timeline.processing).toBeTruthy();
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, uid));
    expect(
      await t.db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, user!.cartId)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(schema.payments).where(eq(schema.payments.orderId, id)),
    ).toHaveLength(1);
    const mails = (await t.db.select().from(schema.outbox)).filter((m) => m.body.includes(id));
    expect(mails.map((m) => m.to).sort()).toEqual(
      ["asha@example.com", "hello@resintales.example"].sort(),
    );
    // Again: nothing changes.
    expect((await verify(token, id)).text).toBe("SUCCESS");
    expect((await press(created.json.payment_session_id, "pay")).status).toBe(303);
    expect(
      await t.db.select().from(schema.payments).where(eq(schema.payments.orderId, id)),
    ).toHaveLength(1);
  });

  it("answers the same order for the same idempotency key and for a retried request without one", async () => {
    const { uid, token } = await shopper();
    const a = await create(token, orderBody({ idempotency_key: `same-${uid}` }));
    const b = await create(token, orderBody({ idempotency_key: `same-${uid}` }));
    expect(b.json.order_id).toBe(a.json.order_id);
    const { token: other } = await shopper();
    const c = await create(other, orderBody());
    const d = await create(other, orderBody());
    expect(c.status).toBe(200);
    expect(d.json.order_id).toBe(c.json.order_id);
    expect(d.json.payment_session_id).toBe(c.json.payment_session_id);
  });

  it("Fail payment and Cancel payment record the attempt and never mark the order paid", async () => {
    const { token } = await shopper();
    const created = await create(token, orderBody());
    await press(created.json.payment_session_id, "fail");
    expect((await verify(token, created.json.order_id)).text).toBe("FAILED");
    await press(created.json.payment_session_id, "cancel");
    const row = await orderRow(created.json.order_id);
    expect(row.status).toBe("pending");
    expect(row.paidAt).toBeNull();
  });

  it("refuses bad input with a 400 naming the reason and writes nothing", async () => {
    const { uid, token } = await shopper();
    const before = (await t.db.select().from(schema.orders)).length;
    const phone = await create(token, orderBody({ customer_phone: "12345" }));
    expect(phone.status).toBe(400);
    expect(phone.json.error).toContain("customer_phone");
    const address = await create(token, orderBody({ address_id: "someone-elses" }));
    expect(address.status).toBe(400);
    expect(address.json.error).toContain("address_id");
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, uid));
    await t.db.delete(schema.cartItems).where(eq(schema.cartItems.cartId, user!.cartId));
    const empty = await create(token, orderBody());
    expect(empty.status).toBe(400);
    expect(empty.json.error).toContain("cart is empty");
    expect((await t.db.select().from(schema.orders)).length).toBe(before);
  });

  it("answers 404 for someone else's order, an unknown order and an inactive provider", async () => {
    const { token } = await shopper();
    const { token: stranger } = await shopper();
    const created = await create(token, orderBody());
    expect((await verify(stranger, created.json.order_id)).status).toBe(404);
    expect((await verify(token, "ord_nope")).status).toBe(404);
    expect((await verify(token, created.json.order_id, "cashfree")).status).toBe(404);
  });

  it("the stand-in payment page reads found, missing for an unknown session, failed (503) when the order cannot be read", async () => {
    const { token } = await shopper();
    const created = await create(token, orderBody());
    const session = created.json.payment_session_id as string;
    const found = await loadLocalPayPage(session);
    expect(found).toMatchObject({
      state: "found",
      status: 200,
      view: {
        orderId: created.json.order_id,
        amountPaise: CART_TOTAL_PAISE,
        open: true,
        expired: false,
      },
    });
    expect(await loadLocalPayPage("local_nope")).toEqual({ state: "missing", status: 404 });
    const read = vi
      .spyOn(localProvider(), "sessionOrder")
      .mockRejectedValueOnce(new Error("connection terminated"));
    expect(await loadLocalPayPage(session)).toEqual({ state: "failed", status: 503 });
    expect(read).toHaveBeenCalledWith(session);
    read.mockRestore();
  });
});
