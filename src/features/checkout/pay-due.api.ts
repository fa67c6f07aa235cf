/**
 * POST /v2/orders/{id}/pay-due (decision 0214): "Pay now" for an order's shipping charge or
 * deposit balance. The order's signed-in buyer (a bearer), or a guest with the order's quote link
 * token in the body; anyone else 404. Answers what POST /create-order answers; 409 when nothing is
 * due; 502 { error, detail, order_id } when the provider failed after the payment was stored.
 */
import type { APIContext } from "astro";
import { getAuthUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { json, parseWith, readJson } from "~/server/http";
import { paymentProvider } from "~/server/payments/index.server";
import { idParam } from "~/lib/fields";
import { startBackgroundJobs } from "./background-jobs.server";
import { OrderCreationFailed } from "./create-order.server";
import {
  limitCheckoutAttempts,
  openOrderScope,
  replaceOtherOpenOrders,
} from "./order-limits.server";
import { payDue, payDueBody } from "./pay-due.server";

export async function postPayDue(context: APIContext): Promise<Response> {
  startBackgroundJobs();
  const id = parseWith(idParam(), context.params.id);
  const caller = await getAuthUser(context);
  const body = await readJson(context.request, payDueBody, 4 * 1024);
  const db = await getDb();
  await limitCheckoutAttempts(db, context, caller?.uid ?? null);
  try {
    const created = await payDue(
      db,
      id,
      body,
      caller ? { uid: caller.uid, email: caller.email, emailVerified: caller.emailVerified } : null,
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
