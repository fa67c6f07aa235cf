/**
 * An order's payments as its links and mails show them (docs/decisions/0204, 0212, 0259), on both
 * engines: a balance link's page is headed "Balance" and a shipping charge's "Shipping charge";
 * the quote's page lists the order's payments with the day each was paid (India) and the total
 * paid, their sum (also in GET /v2/quotes/{token}, in rupees); and the "refund succeeded" mail for
 * the part of a refund taken from a link's row names the piece's order, by its number.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { loadQuotePage } from "~/features/custom/quote-page.server";
import { paymentList, quoteHeading } from "~/features/custom/quotes";
import { recordRefundState, requestRefund } from "~/features/refunds/refunds.server";
import { indiaDate } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import { schema } from "~/server/db/client";
import { paymentProvider } from "~/server/payments/index.server";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { paidAdvance, askedBalance } from "./helpers/deposits";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("an order's payments on its pages and mails, on %s", (kind) => {
  const k = customWorkKit(kind);

  /** The page of a link as /quote/{token} shows it: its heading and its list of payments. */
  async function shown(token: string) {
    const page = (await loadQuotePage(k.t.db, token))!;
    return {
      page,
      heading: quoteHeading(page),
      list: paymentList(page.payments, formatInr, indiaDate),
    };
  }

  it("a deposit: the balance link is headed Balance, the quote lists both payments, the refund mails name the piece's order", async () => {
    const email = `tails-dep-${kind}@example.com`;
    const { quoteToken, orderId } = await paidAdvance(k, email, {
      percent: 50,
      quote: { price: 18000 },
    });
    expect((await shown(quoteToken)).heading).toBe("Your quote");

    const balanceToken = await askedBalance(k, orderId, email);
    const open = await shown(balanceToken);
    expect(open.page.state).toBe("open");
    expect(open.heading).toBe("Balance");
    const paid = await k.pay(balanceToken, payBody({ customer_email: email }));
    await k.press(paid.json.payment_session_id);
    const carrierId = paid.json.order_id as string;

    // The advance was paid late on 31 March by UTC, which is 1 April in India.
    await k.t.db
      .update(schema.orderPayments)
      .set({ paidAt: new Date("2026-03-31T19:00:00Z") })
      .where(eq(schema.orderPayments.viaOrderId, orderId));
    const after = await shown(quoteToken);
    expect(after.page.state).toBe("paid");
    expect(after.list.rows.map((r) => [r.label, r.amount])).toEqual([
      ["Advance", "₹9,000.00"],
      ["Balance", "₹9,000.00"],
    ]);
    expect(after.list.rows[0]!.paidOn).toBe("1 Apr 2026");
    expect(after.list.rows[1]!.paidOn).toBe(indiaDate(new Date()));
    expect(after.list.total).toBe("₹18,000.00");
    expect(after.page.amountPaid).toBe(1_800_000);
    // The API answers the same list in rupees.
    const viewed = await k.view(quoteToken);
    expect(viewed.json.payments.map((p: { amount: number }) => p.amount)).toEqual([9000, 9000]);
    expect(viewed.json.amountPaid).toBe(18000);
    expect(viewed.json.payments[0].paidAt).toBe("2026-03-31T19:00:00.000Z");

    // Refunded in full: one part per provider order; both mails name the piece's order.
    await requestRefund(k.t.db, paymentProvider(), {
      orderId,
      amountPaise: 1_800_000,
      reason: "The piece broke in the kiln",
      requestedBy: "owner",
    });
    const parts = await k.t.db.select().from(schema.refunds);
    expect(parts.map((r) => r.orderId).sort()).toEqual([orderId, carrierId].sort());
    for (const r of parts) await recordRefundState(k.t.db, r.id, { status: "SUCCESS" });
    const number = (await k.orderRow(orderId)).number;
    const mails = (await k.mailsTo(email)).filter((m) => m.subject.includes("refund of"));
    expect(mails).toHaveLength(2);
    // Today's bug first: the link row's part was mailed as a refund "for order {the row}".
    expect(mails.filter((m) => `${m.subject}${m.body}`.includes(carrierId))).toEqual([]);
    for (const mail of mails) {
      expect(`${mail.subject}${mail.body}`).not.toContain(carrierId);
      expect(mail.body).toContain(`/my-orders/${orderId}`);
      expect(mail.subject).toContain(`refund of ₹9,000.00 for order ${orderId} (#${number})`);
      expect(mail.body).toContain(`for order #${number} (${orderId})`);
    }
  });

  it("a shipping charge's link keeps its heading; the quote lists the payment in full and the charge", async () => {
    const q = await k.sentQuote({ price: 2849 }, `tails-ship-${kind}@example.com`);
    const started = await k.pay(q.token, payBody({ customer_email: q.email }));
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    expect((await k.shippingCharge(orderId, { amount: 95 })).status).toBe(201);
    const chargeToken = k.tokenIn((await k.mailsTo(q.email)).at(-1)!.body)!;
    expect((await shown(chargeToken)).heading).toBe("Shipping charge");
    const paid = await k.pay(chargeToken, payBody({ customer_email: q.email }));
    await k.press(paid.json.payment_session_id);
    const after = await shown(q.token);
    expect(after.list.rows.map((r) => [r.label, r.amount])).toEqual([
      ["Payment in full", "₹2,849.00"],
      ["Shipping charge", "₹95.00"],
    ]);
    expect(after.list.total).toBe("₹2,944.00");
    // The charge's own page, once paid, lists the same payments of the order it paid.
    expect((await shown(chargeToken)).list.total).toBe("₹2,944.00");
  });
});
