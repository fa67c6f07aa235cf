/**
 * Shared steps of the deposit suites (docs/decisions/0204-an-order-and-its-payments.md, 0212): a quote with a
 * deposit, sent and its advance paid through the link; the owner's balance link for the piece's
 * order. Call inside a suite that has customWorkKit (tests/helpers/custom-work.ts) and mocks the
 * sign-in (helpers/test-tokens).
 */
import { expect } from "vitest";
import { call } from "./call";
import { type customWorkKit, OWNER, payBody, quoteBody } from "./custom-work";

type Kit = ReturnType<typeof customWorkKit>;

/**
 * A new inquiry from `email`, its quote (quoteBody(quote)) with a deposit of `percent`, sent, and
 * the advance paid through the mailed link (as `bearer` when given): the quote, its link's token
 * and the piece's order.
 */
export async function paidAdvance(
  k: Kit,
  email: string,
  opts: { percent: number; quote?: Record<string, unknown>; bearer?: string },
) {
  const depositRoute = await import("~/pages/v2/admin/quotes/[id]/deposit");
  const created = await k.create(await k.inquiry(email), quoteBody(opts.quote));
  const quoteId = created.json.id as string;
  const deposit = await call(depositRoute.PUT, `/v2/admin/quotes/${quoteId}/deposit`, {
    method: "PUT",
    token: OWNER,
    body: { percent: opts.percent },
    params: { id: quoteId },
  });
  expect(deposit.status).toBe(200);
  expect((await k.act(quoteId, "send")).status).toBe(200);
  const quoteToken = k.tokenIn((await k.mailsTo(email)).at(-1)!.body)!;
  const started = await k.pay(quoteToken, payBody({ customer_email: email }), opts.bearer);
  expect(started.status).toBe(200);
  await k.press(started.json.payment_session_id);
  return { quoteId, quoteToken, orderId: started.json.order_id as string, deposit };
}

/** The owner asks for the order's balance (201); answers the token of the link mailed to `email`. */
export async function askedBalance(k: Kit, orderId: string, email: string): Promise<string> {
  const balanceRoute = await import("~/pages/v2/admin/order/[id]/balance");
  const asked = await call(balanceRoute.POST, `/v2/admin/order/${orderId}/balance`, {
    method: "POST",
    token: OWNER,
    params: { id: orderId },
  });
  expect(asked.status).toBe(201);
  return k.tokenIn((await k.mailsTo(email)).at(-1)!.body)!;
}
