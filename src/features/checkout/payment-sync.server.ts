/**
 * Asking the provider (never the browser) what happened to an order, and recording it: the verify
 * call on return, the webhook, and the pending-order re-check all end in recordPayment.
 */
import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "../../server/db/client";
import { orders, webhookEvents } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import {
  ProviderError,
  WebhookRejected,
  type PaymentProvider,
  type ProviderOrderStatus,
  type WebhookEvent,
} from "../../server/payments/provider";
import { PAYMENT_STATUS } from "./checkout";
import { refundRefusedPayments } from "../refunds/refund-jobs.server";
import { recordRefundReport } from "../refunds/refunds.server";
import { logOrder } from "../orders/order-log.server";
import { recordPayment, type PaymentEffect } from "./payment-record.server";
import { log } from "../../server/log/logger";

/** Fetches the order's status and payments from the provider and records every payment's status. */
export async function syncWithProvider(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  now = new Date(),
  source = "verify",
): Promise<ProviderOrderStatus> {
  const remote = await provider.getOrder(orderId);
  let refused = false;
  for (const payment of remote.payments)
    refused =
      (await recordPayment(db, orderId, payment, provider.name, now, source)) === "refused" ||
      refused;
  if (refused) await refundRefusedPayments(db, provider, orderId, now);
  return remote;
}

/** The text POST /{provider}/verify answers for a stored order. */
export function verifyText(
  order: Pick<typeof orders.$inferSelect, "paidAt" | "paymentStatus" | "status">,
): string {
  if (order.paidAt) return "SUCCESS";
  switch (order.paymentStatus) {
    case PAYMENT_STATUS.failed:
    case PAYMENT_STATUS.mismatch:
      return "FAILED";
    case PAYMENT_STATUS.dropped:
      return "CANCELLED";
    case PAYMENT_STATUS.expired:
      return "EXPIRED";
    default:
      return order.status === "cancelled" ? "CANCELLED" : "PENDING";
  }
}

/** POST /{provider}/verify?order_id=: 404 for an unknown or foreign order; 502 when the provider fails. */
export async function verifyOrderFor(
  uid: string,
  orderId: string,
  provider: PaymentProvider,
  now = new Date(),
): Promise<string> {
  const db = await getDb();
  const find = async () =>
    (
      await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, uid)))
    )[0];
  const order = await find();
  if (!order || order.provider !== provider.name)
    throw new HttpError(404, "No such order of yours.");
  if (order.paidAt) return "SUCCESS";
  if (!order.paymentSessionId) return verifyText(order);
  try {
    await syncWithProvider(db, provider, orderId, now);
  } catch (error) {
    if (error instanceof ProviderError)
      throw new HttpError(502, `The payment provider could not be asked: ${error.message}`);
    throw error;
  }
  return verifyText((await find())!);
}

/**
 * POST /{provider}/webhook (docs/decisions/0056): the signature is checked over the raw text before
 * anything parses it; only a bad signature or timestamp is refused (401). Every correctly signed
 * event is answered 200 once handled, acted on or not (settlement, dispute, an order this shop does
 * not have: recorded), so the provider stops retrying. A delivery already stored (its event id) is
 * a replay: 200, nothing changes. The event is stored after it is handled, so a failure in between
 * (a 500) lets the provider's retry handle it again; handling is idempotent.
 */
export async function receiveWebhook(
  provider: PaymentProvider,
  rawBody: string | Uint8Array,
  headers: Headers,
  now = Date.now(),
): Promise<{ status: number; body: object }> {
  let event: WebhookEvent;
  try {
    event = provider.parseWebhook(rawBody, headers, now);
  } catch (error) {
    if (error instanceof WebhookRejected) return { status: 401, body: { error: error.message } };
    throw error;
  }
  const db = await getDb();
  const at = new Date(now);
  const id = `${provider.name}:${event.eventId}`.slice(0, 300);
  const [seen] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, id));
  if (seen) return { status: 200, body: { ok: true, effect: "replay" } };
  const [known] = event.orderId
    ? await db.select({ id: orders.id }).from(orders).where(eq(orders.id, event.orderId))
    : [];
  let effect: PaymentEffect | "recorded" = "recorded";
  if (event.kind === "payment" && known) {
    if (event.payment.status === "SUCCESS" && event.payment.orderAmountPaise === null) {
      // The event did not say the order's amount: ask the provider for the order (the authority).
      await syncWithProvider(db, provider, event.orderId, at, "webhook");
    } else {
      effect = await recordPayment(db, event.orderId, event.payment, provider.name, at, "webhook");
      if (effect === "refused") await refundRefusedPayments(db, provider, event.orderId, at);
    }
  } else if (event.kind === "refund" && known) {
    await recordRefundReport(db, event.orderId, event.refund, at, "webhook");
  } else if (known) {
    await logOrder(db, known.id, "webhook", `${event.type} received and recorded.`, null, at);
  } else {
    log.error(`[payments] signed ${event.type} for an order this shop does not have; recorded.`);
  }
  await db
    .insert(webhookEvents)
    .values({
      id,
      provider: provider.name,
      type: event.type.slice(0, 100),
      orderId: event.orderId,
      // PostgreSQL's jsonb cannot hold \u0000: dropped from what is stored.
      body: JSON.parse(JSON.stringify(event.body ?? null).replaceAll("\\u0000", "")) ?? {},
      receivedAt: at,
    })
    .onConflictDoNothing();
  return { status: 200, body: { ok: true, effect } };
}
