/**
 * POST /v2/quotes/{token}/pay (decision 0045): no account needed (a bearer, when sent, must be
 * valid); the amount is the quote's whatever the body says. Answers what POST /create-order
 * answers: { payment_session_id, order_id, provider, mode }; 409 when the quote is already paid;
 * 502 { error, detail, order_id } when the provider failed after the order was stored.
 */
import type { APIContext } from "astro";
import { getAuthUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { HttpError, json, readJson } from "~/server/http";
import { paymentProvider } from "~/server/payments/index.server";
import { z } from "zod/mini";
import { payQuoteInput } from "~/features/custom/quotes.schema";
import { couponCode } from "~/features/discounts/discount-schema";
import { startBackgroundJobs } from "./background-jobs.server";
import { OrderCreationFailed } from "./create-order.server";
import {
  limitCheckoutAttempts,
  openOrderScope,
  replaceOtherOpenOrders,
} from "./order-limits.server";
import { findByToken } from "~/features/custom/quote-payment.server";
import { checkCodeBody } from "~/features/discounts/discount-schema";
import { neededByDate } from "~/features/made-to-order/needed-by";
import { pinCodeSchema } from "~/lib/address.schema";
import { checkQuoteNeededBy, payQuote, quoteCoupon } from "./quote-pay.server";

/** The quote's pay body, plus an optional discount code (docs/decisions/0095). */
const payQuoteBody = z.extend(payQuoteInput, { coupon_code: z.optional(couponCode) });

export async function postPayQuote(context: APIContext): Promise<Response> {
  startBackgroundJobs();
  const caller = await getAuthUser(context);
  const body = await readJson(context.request, payQuoteBody, 16 * 1024);
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
    await replaceOtherOpenOrders(db, await openOrderScope(db, created.order_id));
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

/**
 * POST /v2/quotes/{token}/discount { code }: the code priced on the quote (a code allowed on quotes
 * only), for the pay form's total; writes nothing. Answers { code, subtotal, discount, total }.
 */
export async function postQuoteCode(context: APIContext): Promise<Response> {
  const caller = await getAuthUser(context);
  const { code } = await readJson(context.request, checkCodeBody, 4 * 1024);
  const db = await getDb();
  const found = await findByToken(db, context.params.token);
  if (!found || found.current.status === "paid") throw new HttpError(404, "Quote not found");
  const q = found.current;
  const priced = await quoteCoupon(
    db,
    code,
    q,
    { userId: caller?.uid ?? "", claimEmail: "" },
    new Date(),
    false,
  );
  return json({
    code: priced.code,
    subtotal: q.pricePaise,
    discount: priced.discountPaise,
    total: q.pricePaise - priced.discountPaise,
  });
}

const neededByCheckBody = z.object({
  needed_by: neededByDate,
  address_id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  pin: z.optional(pinCodeSchema),
});

/**
 * POST /v2/quotes/{token}/needed-by { needed_by, address_id | pin }: the pay form's live answer
 * (docs/decisions/0122), the verdict the pay call would give; writes nothing.
 */
export async function postQuoteNeededBy(context: APIContext): Promise<Response> {
  const caller = await getAuthUser(context);
  const body = await readJson(context.request, neededByCheckBody, 4 * 1024);
  return json(
    await checkQuoteNeededBy(await getDb(), context.params.token, body, caller?.uid ?? null),
  );
}
