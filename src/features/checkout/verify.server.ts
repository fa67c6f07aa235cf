/**
 * Asking the provider (never the browser) what happened to an order, and recording it: the verify
 * call on return, the webhook, and the pending-order re-check all end in recordPayment.
 */
import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "../../server/db/client";
import { orders } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import {
  ProviderError,
  WebhookRejected,
  type PaymentProvider,
  type ProviderOrderStatus,
} from "../../server/payments/provider";
import { PAYMENT_STATUS } from "./checkout";
import { recordPayment } from "./payment-record.server";

/** Fetches the order's status and payments from the provider and records every settled payment. */
export async function syncWithProvider(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  now = new Date(),
): Promise<ProviderOrderStatus> {
  const remote = await provider.getOrder(orderId);
  for (const payment of remote.payments)
    await recordPayment(db, orderId, payment, provider.name, now);
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

/** POST /{provider}/webhook: 401 for a bad or stale signature; 2xx only once the event is stored. */
export async function receiveWebhook(
  provider: PaymentProvider,
  rawBody: string,
  headers: Headers,
  now = Date.now(),
): Promise<{ status: number; body: object }> {
  let event;
  try {
    event = provider.parseWebhook(rawBody, headers, now);
  } catch (error) {
    if (error instanceof WebhookRejected) return { status: 401, body: { error: error.message } };
    throw error;
  }
  const effect = await recordPayment(
    await getDb(),
    event.orderId,
    event.payment,
    provider.name,
    new Date(now),
  );
  if (effect === "no-order") return { status: 404, body: { error: "No such order." } };
  return { status: 200, body: { ok: true, effect } };
}
