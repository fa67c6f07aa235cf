/**
 * The payment provider's webhook: a signed event about an order, checked, recorded once, and
 * acted on through the same recordPayment as the verify call (payment-sync.server.ts).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client";
import { orders, webhookEvents } from "~/server/db/schema";
import {
  WebhookRejected,
  type PaymentProvider,
  type WebhookEvent,
} from "~/server/payments/provider";
import { refundRefusedPayments } from "~/features/refunds/refund-jobs.server";
import { recordRefundReport } from "~/features/refunds/refunds.server";
import { logOrder } from "~/features/orders/order-log.server";
import { recordPayment, type PaymentEffect } from "./payment-record.server";
import { syncWithProvider } from "./payment-sync.server";
import { log } from "~/server/log/logger";

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
      if (effect === "refused" || effect === "sold-out")
        await refundRefusedPayments(db, provider, event.orderId, at, effect);
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
