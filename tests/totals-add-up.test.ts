/**
 * Every total shown is the sum of the lines shown above it (docs/decisions/0213-totals-add-up.md),
 * on both engines, in each place that shows an order's money: /my-orders/{id} and its thank-you
 * page, the owner's order screen and list, and the confirmation mail; across a discount code, a
 * shipping charge paid later (through Pay now), a deposit and its balance, and a refund. Each
 * place is rendered and its lines added up here.
 */
import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { listAllOrders, loadAdminOrder } from "~/features/admin/orders/orders-admin.server";
import OrdersTable from "~/features/admin/orders/OrdersTable";
import OrderItems from "~/features/orders/OrderItems";
import { loadMyOrderPage } from "~/features/orders/order-page.server";
import { shippingCharged, type OrderJson } from "~/features/orders/orders";
import { refundsAnswer } from "~/features/refunds/refunds.api";
import { requestRefund } from "~/features/refunds/refunds.server";
import { formatInr } from "~/lib/money";
import { schema } from "~/server/db/client";
import { paymentProvider } from "~/server/payments/index.server";
import { call } from "./helpers/call";
import { OWNER, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { paidAdvance } from "./helpers/deposits";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const payDueRoute = await import("~/pages/v2/orders/[id]/pay-due");
const balanceRoute = await import("~/pages/v2/admin/order/[id]/balance");

const paise = (shown: string) => Math.round(Number(shown.replace(/[₹,\s]/g, "")) * 100);
const cell = (html: string, name: string) => {
  const m = new RegExp(`data-order-${name}="true">([^<]+)<`).exec(html);
  return m ? paise(m[1]!) : null;
};

/** The items card as a page renders it; its lines added up, answers what it shows. */
function addsUp(order: Pick<OrderJson, "items" | "pricing" | "shipping">) {
  const html = renderToStaticMarkup(
    createElement(OrderItems, {
      items: order.items,
      pricing: order.pricing,
      shippingCharged: shippingCharged(order),
      titleId: "t",
    }),
  );
  const rows = [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)].map(
    (m) => [m[1]!, m[2]!.startsWith("-") ? -paise(m[2]!.slice(1)) : paise(m[2]!)] as const,
  );
  const total = cell(html, "total")!;
  const above = rows.slice(
    0,
    rows.findIndex(([label]) => label === "Total"),
  );
  expect(above.reduce((sum, [, v]) => sum + v, 0)).toBe(total);
  const paid = cell(html, "paid");
  const due = cell(html, "due");
  if (paid !== null) expect(paid + due!).toBe(total);
  return { total, paid, due };
}

/** The confirmation mail's lines added up: items - discount + shipping = total; paid + due = total. */
function mailAddsUp(body: string) {
  const amount = (re: RegExp) => {
    const m = re.exec(body);
    return m ? paise(m[1]!) : 0;
  };
  const items = [...body.matchAll(/^- .*: (₹[\d,.]+)$/gm)].reduce((s, m) => s + paise(m[1]!), 0);
  const total = amount(/^Total: (₹[\d,.]+)/m);
  const lines = items - amount(/^Discount.*: -(₹[\d,.]+)/m) + amount(/^Shipping: (₹[\d,.]+)/m);
  expect(lines).toBe(total);
  const paidNow = amount(/^Paid now: (₹[\d,.]+)/m);
  if (paidNow) expect(paidNow + amount(/^Balance due before dispatch: (₹[\d,.]+)/m)).toBe(total);
  return total;
}

describe.each(dbKinds)("totals add up in every place, on %s", (kind) => {
  const k = customWorkKit(kind);
  const buyer = `test:totals-${kind}`;

  /** Every place that shows the order's money, each checked; answers the customer's figures. */
  async function everyPlace(orderId: string) {
    const row = await k.orderRow(orderId);
    const page = await loadMyOrderPage(async () => k.t.db, row.userId, orderId, null);
    if (page.state !== "found") throw new Error("the order page did not load");
    const customer = addsUp(page.order); // /my-orders/{id} and its thank-you page (one card)
    const owner = addsUp((await loadAdminOrder(k.t.db, orderId))!);
    expect(owner).toEqual(customer);
    const listed = renderToStaticMarkup(
      createElement(OrdersTable, { orders: await listAllOrders(k.t.db, {}) } as never),
    );
    expect(listed).toContain(`data-order-total="true">${formatInr(customer.total)}<`);
    return customer;
  }

  it("a discount, a shipping charge paid later, and a refund", async () => {
    const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
    await k.t.db.insert(schema.discountCodes).values({
      id: randomUUID(),
      code,
      kind: "fixed",
      amountPaise: 28_490,
      forQuotes: true,
    });
    const q = await k.sentQuote({ price: 2849 }, `totals-${kind}@example.com`);
    const started = await k.pay(
      q.token,
      payBody({ coupon_code: code, customer_email: q.email }),
      buyer,
    );
    expect(started.status).toBe(200);
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    const confirmed = (await k.mailsTo(q.email)).find((m) => m.subject.includes("confirmed"))!;
    expect(mailAddsUp(confirmed.body)).toBe(256_410);
    expect(await everyPlace(orderId)).toEqual({ total: 256_410, paid: null, due: null });

    // The shipping charge, asked at dispatch and paid with Pay now: 2,849 - 284.90 + 95.
    expect((await k.shippingCharge(orderId, { amount: 95 })).status).toBe(201);
    expect(await everyPlace(orderId)).toEqual({ total: 256_410, paid: null, due: null });
    const opened = await call(payDueRoute.POST, `/v2/orders/${orderId}/pay-due`, {
      method: "POST",
      body: {},
      token: buyer,
      params: { id: orderId },
    });
    await k.press(opened.json.payment_session_id);
    expect(await everyPlace(orderId)).toEqual({ total: 265_910, paid: null, due: null });

    // A refund is its own record: the totals stay; what can be refunded is paid less refunded.
    await requestRefund(k.t.db, paymentProvider(), {
      orderId,
      amountPaise: 50_000,
      reason: "A chipped corner",
      requestedBy: "owner",
    });
    expect(await everyPlace(orderId)).toEqual({ total: 265_910, paid: null, due: null });
    const refunds = await refundsAnswer(k.t.db, orderId);
    expect(refunds.paid.amount).toBe(265_910);
    expect(refunds.refundable.amount).toBe(
      refunds.paid.amount - refunds.refunded.amount - refunds.pending.amount,
    );
    expect(refunds.refundable.amount).toBe(215_910);
  });

  it("a deposit and its balance", async () => {
    const email = `totals-dep-${kind}@example.com`;
    const { orderId } = await paidAdvance(k, email, {
      percent: 50,
      quote: { price: 18000 },
      bearer: buyer,
    });
    const confirmed = (await k.mailsTo(email)).find((m) => m.subject.includes("confirmed"))!;
    expect(mailAddsUp(confirmed.body)).toBe(1_800_000);
    expect(await everyPlace(orderId)).toEqual({ total: 1_800_000, paid: 900_000, due: 900_000 });

    await call(balanceRoute.POST, `/v2/admin/order/${orderId}/balance`, {
      method: "POST",
      token: OWNER,
      params: { id: orderId },
    });
    const opened = await call(payDueRoute.POST, `/v2/orders/${orderId}/pay-due`, {
      method: "POST",
      body: { what: "balance" },
      token: buyer,
      params: { id: orderId },
    });
    await k.press(opened.json.payment_session_id);
    expect(await everyPlace(orderId)).toEqual({ total: 1_800_000, paid: null, due: null });
  });
});
