/**
 * An order and its payments (docs/decisions/0204-an-order-and-its-payments.md) on both engines: a
 * shipping charge or a deposit's balance paid through its link is a payment on the same order,
 * never an order of its own: the owner's list and counts, the customer's list and the reports show
 * one order; its payments add up to what was paid; a success reported twice is recorded once.
 */
import { DAY_MS } from "~/lib/dates";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { listAllOrders, orderCounts } from "~/features/admin/orders/orders-admin.server";
import { recordPayment } from "~/features/checkout/payment-record.server";
import { quoteReturnPays } from "~/features/checkout/quote-return.server";
import { paymentsOf } from "~/features/orders/order-payments.server";
import OrderItems from "~/features/orders/OrderItems";
import { shippingCharged } from "~/features/orders/orders";
import { loadOrdersOfUser } from "~/features/orders/orders.server";
import { customersExport } from "~/features/reports/exports/customers.server";
import { salesReport } from "~/features/reports/sales.server";
import { schema } from "~/server/db/client";
import { success } from "./helpers/books";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { paidAdvance, askedBalance } from "./helpers/deposits";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const yesterday = () => new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);

describe.each(dbKinds)("a shipping charge is a payment on its order, on %s", (kind) => {
  const k = customWorkKit(kind);

  it("one order in every list and report; the charge is its payment, recorded once under a repeated webhook", async () => {
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody());
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    expect((await k.shippingCharge(orderId, { amount: 180 })).status).toBe(201);
    const token = k.tokenIn((await k.mailsTo("meera@example.com")).at(-1)!.body)!;
    const charge = await k.pay(token, payBody());
    await k.press(charge.json.payment_session_id);
    const carrier = await k.orderRow(charge.json.order_id);
    expect(carrier.paidAt).toBeTruthy();

    // The provider's webhook says it again, and then a second payment id for the same link.
    const again = success(carrier.transactionId, carrier.totalPaise);
    expect(await recordPayment(k.t.db, carrier.id, again, "local", new Date(), "webhook")).toBe(
      "already-recorded",
    );
    const other = success(`${carrier.transactionId}-2`, carrier.totalPaise);
    expect(await recordPayment(k.t.db, carrier.id, other, "local", new Date(), "webhook")).toBe(
      "duplicate",
    );

    expect(await paymentsOf(k.t.db, orderId)).toEqual([
      expect.objectContaining({ kind: "order", amountPaise: 450_050, viaOrderId: orderId }),
      expect.objectContaining({ kind: "shipping", amountPaise: 18_000, viaOrderId: carrier.id }),
    ]);
    expect(await paymentsOf(k.t.db, carrier.id)).toEqual([]);

    // The provider's return page thanks for a payment on the order, not for a new order.
    expect(await quoteReturnPays(k.t.db, carrier.id)).toEqual({ what: "payment", orderId });
    expect(await quoteReturnPays(k.t.db, orderId)).toEqual({ what: "order" });

    // The owner sees one Processing order; the customer's list holds one order.
    const listed = (await listAllOrders(k.t.db, {})).map((o) => o.id);
    expect(listed).toEqual([orderId]);
    expect((await orderCounts(k.t.db)).processing).toBe(1);
    const parent = await k.orderRow(orderId);
    expect((await loadOrdersOfUser(k.t.db, parent.userId, "meera@example.com")).length).toBe(1);

    // The customer's order page: 4,500.50 + 180 shipping paid later = 4,680.50 (the lines' sum).
    const page = (await loadOrdersOfUser(k.t.db, parent.userId, "meera@example.com"))[0]!;
    const html = renderToStaticMarkup(
      createElement(OrderItems, {
        items: page.items,
        pricing: page.pricing,
        shippingCharged: shippingCharged(page),
        titleId: "t",
      }),
    );
    expect(html).toContain('data-order-total="true">₹4,680.50<');

    // The customers export counts one paid order for the payer.
    const exported = customersExport(k.t.db);
    const rows: (readonly unknown[])[] = [];
    for await (const page of exported.pages) rows.push(...page);
    const payer = rows.find((r) => r[0] === parent.userId)!;
    expect(String(payer[exported.header.indexOf("Paid orders")])).toBe("1");

    // Reports: one order; the charge is shipping money, not a product.
    const report = await salesReport(k.t.db, { from: yesterday(), to: tomorrow() }, "day");
    expect(report.totals).toMatchObject({
      orders: 1,
      gross: 450_050,
      shipping: 18_000,
      total: 468_050,
      averageOrder: 468_050,
    });
    expect(report.topProducts.map((p) => p.name)).toEqual(["Ocean keepsake block"]);

    // The mail says the payment was received for the order; no "order … confirmed" for the carrier.
    const mails = await k.mailsTo("meera@example.com");
    expect(mails.filter((m) => m.subject.includes(carrier.id))).toEqual([]);
    expect(mails.at(-1)!.subject).toContain(`payment received for order ${orderId}`);
    // Paid without an account: no mail sends the guest to /my-orders (a login wall for them).
    const confirmed = mails.find((m) => m.subject.includes(`order ${orderId} confirmed`))!;
    expect(confirmed.body).toContain("the mail that sent you the quote");
    expect(mails.filter((m) => m.body.includes("/my-orders/"))).toEqual([]);
  });
});

describe.each(dbKinds)(
  "a deposit's advance and balance are payments on one order, on %s",
  (kind) => {
    const k = customWorkKit(kind);

    it("the balance is a payment of the piece's order; both add up to the quote's price", async () => {
      const email = `bal-${kind}@example.com`;
      const { orderId } = await paidAdvance(k, email, { percent: 30 });
      const balanceToken = await askedBalance(k, orderId, email);
      const paid = await k.pay(balanceToken, payBody({ customer_email: email }));
      // The provider's webhook, sent twice at once: one success is applied, the other is a repeat.
      const carrier = await k.orderRow(paid.json.order_id);
      const report = success("cf-balance-1", carrier.totalPaise);
      const effects = await Promise.all([
        recordPayment(k.t.db, carrier.id, report, "local", new Date(), "webhook"),
        recordPayment(k.t.db, carrier.id, report, "local", new Date(), "webhook"),
      ]);
      expect(effects.sort()).toEqual(["already-recorded", "paid"]);

      const payments = await paymentsOf(k.t.db, orderId);
      expect(payments.map((p) => [p.kind, p.amountPaise])).toEqual([
        ["advance", 135_000],
        ["balance", 315_050],
      ]);
      expect(payments.reduce((sum, p) => sum + p.amountPaise, 0)).toBe(450_050);
      expect((await listAllOrders(k.t.db, {})).map((o) => o.id)).toEqual([orderId]);
      const sales = await salesReport(k.t.db, { from: yesterday(), to: tomorrow() }, "day");
      expect(sales.totals).toMatchObject({ orders: 1, gross: 450_050, total: 450_050 });
      const applied = await k.t.db
        .select()
        .from(schema.payments)
        .where(eq(schema.payments.orderId, carrier.id));
      expect(applied).toHaveLength(1);
      const rows = await k.t.db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.kind, "shipping"));
      expect(rows).toHaveLength(1); // the carrier row exists, and is not an order anywhere above
    });
  },
);
