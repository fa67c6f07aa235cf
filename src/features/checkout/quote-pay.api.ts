/**
 * POST /v2/quotes/{token}/pay (decision 0045): no account needed (a bearer, when sent, must be
 * valid); the amount is the quote's whatever the body says. Answers what POST /create-order
 * answers: { payment_session_id, order_id, provider, mode }; 409 when the quote is already paid;
 * 502 { error, detail, order_id } when the provider failed after the order was stored.
 */
import type { APIContext } from "astro";
import { getAuthUser } from "../../server/auth/auth.server";
import { getDb } from "../../server/db/client";
import { env } from "../../server/env";
import { json, readJson } from "../../server/http";
import { paymentProvider } from "../../server/payments/index.server";
import { payQuoteInput } from "../custom/quotes.schema";
import { startBackgroundJobs } from "./background-jobs.server";
import { OrderCreationFailed } from "./create-order.server";
import { limitCheckoutAttempts, replaceOtherOpenOrders } from "./order-limits.server";
import { payQuote } from "./quote-pay.server";

export async function postPayQuote(context: APIContext): Promise<Response> {
  startBackgroundJobs();
  const caller = await getAuthUser(context);
  const body = await readJson(context.request, payQuoteInput, 16 * 1024);
  const db = await getDb();
  // Floods of pending orders: an hourly budget, and at most three open orders (decision 0072).
  await limitCheckoutAttempts(db, context, caller?.uid ?? null);
  try {
    const created = await payQuote(
      db,
      context.params.token,
      body,
      caller,
      paymentProvider(),
      env().PUBLIC_SITE_URL,
    );
    await replaceOtherOpenOrders(db, created.order_id);
    return json(created);
  } catch (error) {
    if (error instanceof OrderCreationFailed)
      return json(
        { error: "Order Creation Failed", detail: error.detail, order_id: error.orderId },
        { status: 502 },
      );
    throw error;
  }
}
