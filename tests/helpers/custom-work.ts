/**
 * Shared setup of the custom-work suites (tests/custom-quotes.test.ts, tests/custom-orders.test.ts):
 * a migrated database with the local provider, the owner's row, and the calls the suites make.
 * The test file stubs firebase-admin's verifyIdToken first (helpers/test-tokens: "test:<uid>");
 * OWNER names the owner's row.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { schema } from "~/server/db/client";
import * as inquiryQuotes from "~/pages/v2/admin/inquiries/[id]/quotes";
import * as quoteAction from "~/pages/v2/admin/quotes/[id]/[action]";
import * as publicQuote from "~/pages/v2/quotes/[token]";
import * as payRoute from "~/pages/v2/quotes/[token]/pay";
import * as shippingRoute from "~/pages/v2/admin/order/[id]/shipping-charge";
import * as adminOrder from "~/pages/v2/admin/order/[id]";
import { call } from "./call";
import { localShopKit, makeShopper, orderBody, postCreateOrder, pressLocalPay } from "./checkout";
import { DAY_MS } from "~/lib/dates";

/** The owner's bearer token: the users row "owner-1" holds role tm_admin. */
export const OWNER = "test:owner-1";

export const DAY = DAY_MS;
export const future = (days: number) =>
  new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
export const quoteBody = (extra: Record<string, unknown> = {}) => ({
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
export const payBody = (extra: Record<string, unknown> = {}) => ({
  customer_name: "Meera Rao",
  customer_email: "Meera@Example.com",
  customer_phone: "98765 43210",
  address: { address1: "4 Lake Road", city: "Pune", state: "Maharashtra", zipCode: "411001" },
  order_amount: 1,
  ...extra,
});

/** Call inside describe(): registers the hooks and answers the suite's helpers. */
export function customWorkKit(kind: "pglite" | "postgres") {
  const k = localShopKit(kind, { owner: "owner-1" });
  const { t } = k;
  let n = 0;

  async function inquiry(email = "meera@example.com"): Promise<string> {
    const id = `inq-${kind}-${++n}`;
    await t.db
      .insert(schema.customInquiries)
      .values({ id, name: "Meera Rao", email, productType: "Keepsake", description: "shells" });
    return id;
  }
  const create = (id: string, body: unknown, token = OWNER) =>
    call(inquiryQuotes.POST, `/v2/admin/inquiries/${id}/quotes`, {
      method: "POST",
      token,
      body,
      params: { id },
    });
  const act = (id: string, action: string, body?: unknown, token = OWNER) =>
    call(quoteAction.POST, `/v2/admin/quotes/${id}/${action}`, {
      method: "POST",
      token,
      body,
      params: { id, action },
    });
  const view = (token: string) =>
    call(publicQuote.GET, `/v2/quotes/${token}`, { params: { token } });
  const pay = (token: string, body: unknown, bearer?: string) =>
    call(payRoute.POST, `/v2/quotes/${token}/pay`, {
      method: "POST",
      body,
      token: bearer,
      params: { token },
    });
  const press = pressLocalPay;
  /** POST /create-order: the cart of the shopper whose token this is. */
  const createOrder = (token: string, body: unknown = orderBody()) => postCreateOrder(token, body);
  /** The owner asks for a shipping charge at dispatch (POST .../shipping-charge). */
  const shippingCharge = (orderId: string, body: unknown, token: string | undefined = OWNER) =>
    call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, {
      method: "POST",
      token,
      body,
      params: { id: orderId },
    });
  /** The owner marks the order shipped (PUT /v2/admin/order/:id?status=shipped, tracking TRK1). */
  const ship = (id: string) =>
    call(adminOrder.PUT, `/v2/admin/order/${id}?status=shipped`, {
      method: "PUT",
      params: { id },
      token: OWNER,
      body: { trackingNumber: "TRK1" },
    });
  const inquiryStatus = async (id: string) =>
    (await t.db.select().from(schema.customInquiries).where(eq(schema.customInquiries.id, id)))[0]!
      .status;
  const mailsTo = async (to: string) =>
    (await t.db.select().from(schema.outbox)).filter(
      (m) => m.to.toLowerCase() === to.toLowerCase(),
    );
  const tokenIn = (body: string) => /\/quote\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  const orderRow = async (id: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const events = async (quoteId: string) =>
    (
      await t.db.select().from(schema.quoteEvents).where(eq(schema.quoteEvents.quoteId, quoteId))
    ).map((e) => e.kind);

  /** A sent quote: its id and the link's token (read from the mail in the outbox). */
  async function sentQuote(
    extra: Record<string, unknown> = {},
    email = `c${n + 1}-${kind}@example.com`,
  ) {
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

  /**
   * A paid catalogue order of one varmala product (9000.00) in a category of that slug: the
   * category, the product and the shopper are named by the caller.
   */
  async function paidVarmalaOrder(names: { category: string; product: string; shopper: string }) {
    const { makeCategory, makeProduct } = await import("~/server/seed/factories");
    const category = await makeCategory(t.db, { id: names.category, slug: "varmala-preservation" });
    const product = await makeProduct(t.db, {
      name: names.product,
      categoryId: category.id,
      pricePaise: 900000,
    });
    const shopper = await makeShopper(t.db, k.shop, names.shopper);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, shopper.uid));
    await t.db.insert(schema.cartItems).values({
      id: `line-${names.shopper}`,
      cartId: user!.cartId,
      productId: product.id,
      quantity: 1,
      pricePaise: 900000,
    });
    const created = await createOrder(shopper.token);
    await press(created.json.payment_session_id);
    return { orderId: created.json.order_id as string, shopper };
  }

  return {
    get t() {
      return t;
    },
    get shop() {
      return k.shop;
    },
    inquiry,
    create,
    act,
    view,
    pay,
    press,
    createOrder,
    shippingCharge,
    ship,
    paidVarmalaOrder,
    inquiryStatus,
    mailsTo,
    tokenIn,
    orderRow,
    events,
    sentQuote,
    routes: { inquiryQuotes, quoteAction },
  };
}
