/**
 * "Pay now" for what is due on an order (docs/decisions/0214-pay-now-for-what-is-due.md) on both
 * engines: POST /v2/orders/{id}/pay-due opens the payment of the order's shipping charge (or its
 * balance) for the order's signed-in buyer, or for a guest holding the order's quote link; anyone
 * else gets a 404; with nothing due, a 409. Paid, it is a payment on the same order; the mailed
 * link keeps working until then.
 */
import { describe, expect, it, vi } from "vitest";
import { paymentsOf } from "~/features/orders/order-payments.server";
import { call } from "./helpers/call";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { paidAdvance, askedBalance } from "./helpers/deposits";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const payDueRoute = await import("~/pages/v2/orders/[id]/pay-due");

describe.each(dbKinds)("pay now for what is due, on %s", (kind) => {
  const k = customWorkKit(kind);
  const payDue = (orderId: string, body: unknown, bearer?: string) =>
    call(payDueRoute.POST, `/v2/orders/${orderId}/pay-due`, {
      method: "POST",
      body,
      token: bearer,
      params: { id: orderId },
    });

  it("the signed-in buyer pays the shipping charge from the order page; others get 404", async () => {
    const buyer = `test:buyer-${kind}`;
    const q = await k.sentQuote({}, `buyer-${kind}@example.com`);
    const started = await k.pay(q.token, payBody({ customer_email: q.email }), buyer);
    expect(started.status).toBe(200);
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;

    // Nothing is due yet.
    expect((await payDue(orderId, {}, buyer)).status).toBe(409);
    expect((await k.shippingCharge(orderId, { amount: 95 })).status).toBe(201);
    const mailed = k.tokenIn((await k.mailsTo(q.email)).at(-1)!.body)!;

    // Anyone but the buyer: 404, whether signed in, signed out, or with a wrong link.
    expect((await payDue(orderId, {}, `test:someone-${kind}`)).status).toBe(404);
    expect((await payDue(orderId, {})).status).toBe(404);
    expect((await payDue(orderId, { token: mailed })).status).toBe(404);
    expect((await payDue("ord_nope", {}, buyer)).status).toBe(404);

    const opened = await payDue(orderId, { what: "shipping" }, buyer);
    expect(opened.status).toBe(200);
    expect(opened.json.payment_session_id).toBeTruthy();
    const carrier = await k.orderRow(opened.json.order_id);
    expect(carrier).toMatchObject({ kind: "shipping", totalPaise: 9_500 });
    await k.press(opened.json.payment_session_id);
    expect((await paymentsOf(k.t.db, orderId)).map((p) => [p.kind, p.amountPaise])).toEqual([
      ["order", 450_050],
      ["shipping", 9_500],
    ]);
    // Paid: nothing is due any more, and the mailed link says it is paid.
    expect((await payDue(orderId, {}, buyer)).status).toBe(409);
    expect((await k.pay(mailed, payBody())).status).toBe(409);
  });

  it("a guest pays the balance with the quote page's own link; the mailed link still works", async () => {
    const email = `guest-${kind}@example.com`;
    const { quoteToken, orderId } = await paidAdvance(k, email, { percent: 30 });
    const mailed = await askedBalance(k, orderId, email);

    const wrong = `${quoteToken.startsWith("A") ? "B" : "A"}${quoteToken.slice(1)}`;
    expect((await payDue(orderId, { token: wrong })).status).toBe(404);
    const opened = await payDue(orderId, { token: quoteToken, what: "balance" });
    expect(opened.status).toBe(200);
    expect((await k.orderRow(opened.json.order_id)).totalPaise).toBe(315_050);
    // The mailed link was not replaced: it answers the same payable attempt's rules.
    expect((await k.view(mailed)).status).toBe(200);
    await k.press(opened.json.payment_session_id);
    expect((await paymentsOf(k.t.db, orderId)).map((p) => [p.kind, p.amountPaise])).toEqual([
      ["advance", 135_000],
      ["balance", 315_050],
    ]);
  });
});
