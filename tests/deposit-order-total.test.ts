/**
 * A deposit's order is the piece at its price (docs/decisions/0212-a-deposit-order-at-its-price.md)
 * on both engines: an ₹18,000 piece with 50% down is an order of ₹18,000 in the owner's list, on
 * its screen and in the reports, with ₹9,000 paid and ₹9,000 due; the provider order asked for the
 * advance only; after the balance, ₹18,000 is paid and nothing is due; the refund cap is what was
 * paid.
 */
import { DAY_MS } from "~/lib/dates";
import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { listAllOrders, loadAdminOrder } from "~/features/admin/orders/orders-admin.server";
import OrdersTable from "~/features/admin/orders/OrdersTable";
import { paymentsOf } from "~/features/orders/order-payments.server";
import OrderItems from "~/features/orders/OrderItems";
import { shippingCharged } from "~/features/orders/orders";
import { refundsAnswer } from "~/features/refunds/refunds.api";
import { recordRefundState, requestRefund } from "~/features/refunds/refunds.server";
import { salesReport } from "~/features/reports/sales.server";
import { paymentProvider } from "~/server/payments/index.server";
import { schema } from "~/server/db/client";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { paidAdvance, askedBalance } from "./helpers/deposits";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const range = () => ({
  from: new Date(Date.now() - DAY_MS).toISOString().slice(0, 10),
  to: new Date(Date.now() + DAY_MS).toISOString().slice(0, 10),
});

describe.each(dbKinds)("a deposit's order at the piece's price, on %s", (kind) => {
  const k = customWorkKit(kind);

  /** The owner's list row and order screen as rendered: total, paid, due. */
  async function ownerSees(orderId: string) {
    const listed = await listAllOrders(k.t.db, {});
    expect(listed.map((o) => o.id)).toEqual([orderId]);
    const row = renderToStaticMarkup(
      createElement(OrdersTable, { orders: listed, onChanged: () => {} } as never),
    );
    const order = (await loadAdminOrder(k.t.db, orderId))!;
    const screen = renderToStaticMarkup(
      createElement(OrderItems, {
        items: order.items,
        pricing: order.pricing,
        shippingCharged: shippingCharged(order),
        titleId: "t",
      }),
    );
    return { order, row, screen };
  }

  it("₹18,000 with 50% down: total ₹18,000, paid ₹9,000, due ₹9,000; then paid in full", async () => {
    const email = `half-${kind}@example.com`;
    const { orderId, deposit } = await paidAdvance(k, email, {
      percent: 50,
      quote: { price: 18000 },
    });
    expect(deposit.json).toMatchObject({ advance: 9000, balance: 9000 });

    // The order is the piece; the provider order took the advance only.
    const row = await k.orderRow(orderId);
    expect(row).toMatchObject({ totalPaise: 1_800_000, subtotalPaise: 1_800_000 });
    expect(row.paidAt).toBeTruthy();
    const provider = await k.t.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.orderId, orderId));
    expect(provider.map((p) => [p.status, p.amountPaise])).toEqual([["SUCCESS", 900_000]]);
    expect((await paymentsOf(k.t.db, orderId)).map((p) => [p.kind, p.amountPaise])).toEqual([
      ["advance", 900_000],
    ]);
    // Its receipt voucher is for the advance paid.
    const [receipt] = await k.t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, orderId));
    expect(receipt?.totalPaise).toBe(900_000);

    const before = await ownerSees(orderId);
    expect(before.order.pricing).toMatchObject({ total: 1_800_000, amountPaid: 900_000 });
    expect(before.row).toContain("₹18,000.00");
    expect(before.row).toContain("₹9,000.00 paid, ₹9,000.00 due");
    expect(before.screen).toContain('data-order-total="true">₹18,000.00<');
    expect(before.screen).toContain('data-order-paid="true">₹9,000.00<');
    expect(before.screen).toContain('data-order-due="true">₹9,000.00<');
    expect((await salesReport(k.t.db, range(), "day")).totals).toMatchObject({
      orders: 1,
      gross: 1_800_000,
      total: 1_800_000,
      averageOrder: 1_800_000,
    });
    // The confirmation mail adds up: the piece, what is paid now and what is due.
    const confirmed = (await k.mailsTo(email)).find((m) => m.subject.includes("confirmed"))!;
    expect(confirmed.body).toContain("Total: ₹18,000.00");
    expect(confirmed.body).toContain("Paid now: ₹9,000.00");
    expect(confirmed.body).toContain("Balance due before dispatch: ₹9,000.00");
    // Refunds: at most what was paid.
    expect((await refundsAnswer(k.t.db, orderId)).refundable.amount).toBe(900_000);

    // The balance, through its link.
    const balanceToken = await askedBalance(k, orderId, email);
    const paid = await k.pay(balanceToken, payBody({ customer_email: email }));
    await k.press(paid.json.payment_session_id);
    expect((await k.orderRow(paid.json.order_id)).paidAt).toBeTruthy();

    const after = await ownerSees(orderId);
    expect(after.order.pricing).toMatchObject({ total: 1_800_000, amountPaid: 1_800_000 });
    expect(after.row).not.toContain("due");
    expect(after.screen).not.toContain("data-order-due");
    expect((await salesReport(k.t.db, range(), "day")).totals).toMatchObject({
      orders: 1,
      gross: 1_800_000,
      total: 1_800_000,
    });
    expect((await refundsAnswer(k.t.db, orderId)).refundable.amount).toBe(1_800_000);
    // Refunded in full: one refund per provider order that carried a payment.
    const carrierId = paid.json.order_id as string;
    await requestRefund(k.t.db, paymentProvider(), {
      orderId,
      amountPaise: 1_800_000,
      reason: "The piece broke in the kiln",
      requestedBy: "owner",
    });
    const made = await k.t.db.select().from(schema.refunds);
    expect(made.map((r) => [r.orderId, r.amountPaise]).sort()).toEqual(
      [
        [orderId, 900_000],
        [carrierId, 900_000],
      ].sort(),
    );
    const answer = await refundsAnswer(k.t.db, orderId);
    expect(answer.refunds).toHaveLength(2);
    expect(answer.refundable.amount).toBe(0);
    // Both succeed: each part credits the piece's tax invoice, together all of it.
    for (const r of made) await recordRefundState(k.t.db, r.id, { status: "SUCCESS" });
    const documents = await k.t.db.select().from(schema.invoices);
    const invoice = documents.find((d) => d.series !== "ADV" && !d.creditsInvoiceId)!;
    expect(invoice.totalPaise).toBe(1_800_000);
    const notes = documents.filter((d) => d.creditsInvoiceId === invoice.id);
    expect(notes.map((n) => [n.orderId, n.totalPaise])).toEqual([
      [orderId, 900_000],
      [orderId, 900_000],
    ]);
  });

  it("the migration's backfill raises an order stored at the advance to the piece's price, once", async () => {
    const email = `old-${kind}@example.com`;
    const { orderId } = await paidAdvance(k, email, { percent: 50, quote: { price: 18000 } });
    // As it was stored before decision 0212: the order and its line at the advance.
    await k.t.db
      .update(schema.orders)
      .set({ subtotalPaise: 900_000, totalPaise: 900_000 })
      .where(eq(schema.orders.id, orderId));
    await k.t.db
      .update(schema.orderItems)
      .set({ pricePaise: 900_000 })
      .where(eq(schema.orderItems.orderId, orderId));
    // The backfill is the hand-written block of the one migration that holds it.
    const dir = "src/server/db/migrations";
    const marker = "-- hand-written (money36): a deposit's order is the piece at its price";
    const file = readdirSync(dir)
      .filter((name) => name.endsWith(".sql"))
      .map((name) => readFileSync(`${dir}/${name}`, "utf8"))
      .find((text) => text.includes(marker));
    const block = file!.slice(file!.indexOf(marker)).split(/\n-- hand-written /)[0]!;
    const statements = block.split("--> statement-breakpoint").filter((s) => s.trim());
    for (const _ of [1, 2])
      for (const statement of statements) await k.t.db.execute(sql.raw(statement));
    expect(await k.orderRow(orderId)).toMatchObject({
      subtotalPaise: 1_800_000,
      totalPaise: 1_800_000,
      paymentAmountPaise: 900_000,
    });
    const [line] = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, orderId));
    expect(line!.pricePaise).toBe(1_800_000);
  });
});
