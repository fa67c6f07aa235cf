/**
 * Deposits for large pieces (docs/decisions/0124-deposits.md) on both engines: a draft quote asks
 * for an advance; its link shows and takes the advance; dispatch is refused while the balance is
 * unpaid; the balance link is sent once, paid through the link, and dispatch then goes ahead.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { OWNER, customWorkKit, payBody, quoteBody } from "./helpers/custom-work";
import { saveSeller } from "./helpers/books";
import { dbKinds } from "./helpers/db";
import { approvedProof } from "./helpers/proofs";
import { DAY_MS } from "~/lib/dates";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const depositRoute = await import("~/pages/v2/admin/quotes/[id]/deposit");
const balanceRoute = await import("~/pages/v2/admin/order/[id]/balance");
const shipmentsRoute = await import("~/pages/v2/admin/order/[id]/shipments");
const { sendDueBalanceReminders } = await import("~/features/custom/balance-reminders.server");

describe.each(dbKinds)("deposits on %s", (kind) => {
  const k = customWorkKit(kind);
  const deposit = (id: string, body: unknown, token = OWNER) =>
    call(depositRoute.PUT, `/v2/admin/quotes/${id}/deposit`, {
      method: "PUT",
      token,
      body,
      params: { id },
    });
  const { ship } = k;
  const balance = (id: string) =>
    call(balanceRoute.POST, `/v2/admin/order/${id}/balance`, {
      method: "POST",
      token: OWNER,
      params: { id },
    });

  it("an advance paid through the link, dispatch refused until the balance link is paid", async () => {
    const email = `dep-${kind}@example.com`;
    const inq = await k.inquiry(email);
    const created = await k.create(inq, quoteBody());
    const quoteId = created.json.id as string;
    expect((await deposit(quoteId, { percent: 5 })).json.error).toBe(
      "The advance is a whole percentage from 10 to 90.",
    );
    expect((await deposit(quoteId, { percent: 30, amount: 100 })).status).toBe(400);
    expect((await deposit(quoteId, { percent: 30 }, `test:someone-${kind}`)).status).toBe(403);
    const set = await deposit(quoteId, { percent: 30 });
    expect(set.status).toBe(200);
    // 30% of ₹4,500.50, in whole rupees; rupees on the wire.
    expect(set.json).toMatchObject({ advance: 1350, balance: 3150.5, balanceLinkSent: false });
    expect((await k.act(quoteId, "send")).status).toBe(200);
    expect((await deposit(quoteId, { percent: 40 })).status).toBe(409);
    const token = k.tokenIn((await k.mailsTo(email)).at(-1)!.body)!;
    const page = await k.view(token);
    expect(page.json.quote.total).toBe(1350);
    expect(page.json.deposit).toMatchObject({ advance: 1350, balance: 3150.5 });

    await saveSeller(k.t.db); // a regular GST seller: the books follow decision 0124
    const started = await k.pay(token, payBody({ customer_email: email }));
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    const order = await k.orderRow(orderId);
    // The order is the piece at its price; the advance is its first payment (decision 0212).
    expect(order).toMatchObject({ status: "processing", totalPaise: 450_050 });
    expect(order.paymentAmountPaise).toBe(135_000);
    // The advance gets a receipt voucher of its own series, with no tax on it.
    const documentsOf = (id: string) =>
      k.t.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, id));
    const [voucher] = await documentsOf(orderId);
    expect(voucher).toMatchObject({
      kind: "receipt",
      series: "ADV",
      totalPaise: 135_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
    expect(voucher!.number).toMatch(/^ADV\/\d{2}-\d{2}\/000001$/);

    await approvedProof(orderId, token);
    const refused = await ship(orderId);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain("The balance of this order is not paid yet");
    // Booking a parcel is dispatch too (docs/decisions/0130): refused the same way, nothing stored.
    const parcel = {
      key: `dep-parcel-${kind}`,
      weightGrams: 900,
      lengthCm: 30,
      breadthCm: 30,
      heightCm: 8,
      courierName: "DTDC",
      awb: "DTDC123",
    };
    const booking = await call(shipmentsRoute.POST, `/v2/admin/order/${orderId}/shipments`, {
      method: "POST",
      token: OWNER,
      body: parcel,
      params: { id: orderId },
    });
    expect(booking.status).toBe(409);
    expect(booking.json.error).toBe(refused.json.error);
    expect(
      await k.t.db.select().from(schema.shipments).where(eq(schema.shipments.orderId, orderId)),
    ).toEqual([]);

    const sent = await balance(orderId);
    expect(sent.status).toBe(201);
    expect(sent.json.deposit).toMatchObject({ balanceLinkSent: true, balancePaidAt: null });
    expect((await balance(orderId)).status).toBe(409);
    const mail = (await k.mailsTo(email)).at(-1)!;
    expect(mail.subject).toContain("the balance is due");
    const firstToken = k.tokenIn(mail.body)!;
    expect((await k.view(firstToken)).json.quote.total).toBe(3150.5);
    // Reminders 3 and 7 days after the link, at most two; each carries a new link.
    const later = (days: number) => new Date(Date.now() + days * DAY_MS);
    expect(await sendDueBalanceReminders(k.t.db, later(1))).toBe(0);
    expect(await sendDueBalanceReminders(k.t.db, later(3.1))).toBe(1);
    expect(await sendDueBalanceReminders(k.t.db, later(4))).toBe(0);
    const reminder = (await k.mailsTo(email)).at(-1)!;
    expect(reminder.subject).toContain("a reminder, the balance for order");
    expect(reminder.body).toContain("This link replaces the one in our earlier mail.");
    expect((await k.view(firstToken)).status).toBe(404);
    expect(await sendDueBalanceReminders(k.t.db, later(7.1))).toBe(1);
    expect(await sendDueBalanceReminders(k.t.db, later(10))).toBe(0);
    const balanceToken = k.tokenIn((await k.mailsTo(email)).at(-1)!.body)!;
    expect((await k.view(balanceToken)).json.quote.total).toBe(3150.5);
    const paying = await k.pay(balanceToken, payBody({ customer_email: email }));
    await k.press(paying.json.payment_session_id);
    const balanceOrder = await k.orderRow(paying.json.order_id);
    expect(balanceOrder).toMatchObject({
      kind: "shipping",
      totalPaise: 315_050,
      status: "processing",
    });
    // The balance is not a shipping charge: the order's shipping cost stays as it was.
    expect((await k.orderRow(orderId)).shippingCostPaise).toBe(0);
    const [row] = await k.t.db
      .select()
      .from(schema.quoteDeposits)
      .where(eq(schema.quoteDeposits.quoteId, quoteId));
    expect(row?.balancePaidAt).toBeTruthy();
    // The balance completes the supply: one tax invoice for the whole piece, on the piece's order.
    expect(await documentsOf(paying.json.order_id)).toEqual([]);
    const invoice = (await documentsOf(orderId)).find((d) => d.kind === "tax-invoice");
    expect(invoice).toMatchObject({ series: "RT", totalPaise: 450_050, intraState: true });
    expect(invoice!.cgstPaise).toBe(invoice!.sgstPaise);
    expect(invoice!.cgstPaise).toBeGreaterThan(0);
    expect((await balance(orderId)).status).toBe(409);
    expect((await ship(orderId)).status).toBe(200);
  });

  it("an order paid in full has no balance; a deposit can be removed from a draft", async () => {
    const inq = await k.inquiry(`dep2-${kind}@example.com`);
    const created = await k.create(inq, quoteBody());
    const quoteId = created.json.id as string;
    expect((await deposit(quoteId, { amount: 1000 })).json).toMatchObject({ advance: 1000 });
    expect((await deposit(quoteId, {})).json).toBeNull();
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody());
    await k.press(started.json.payment_session_id);
    const answer = await balance(started.json.order_id);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe("This order was paid in full: it has no balance.");
  });
});
