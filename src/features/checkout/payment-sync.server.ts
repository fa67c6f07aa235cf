/**
 * Asking the provider (never the browser) what happened to an order, and recording it: the verify
 * call on return and the pending-order re-check end in recordPayment, as the webhook does
 * (payment-webhook.server.ts).
 */
import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import {
  ProviderError,
  type PaymentProvider,
  type ProviderOrderStatus,
} from "~/server/payments/provider";
import { PAYMENT_STATUS } from "./checkout";
import { refundRefusedPayments } from "~/features/refunds/refund-jobs.server";
import { recordPayment } from "./payment-record.server";

/** Fetches the order's status and payments from the provider and records every payment's status. */
export async function syncWithProvider(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  now = new Date(),
  source = "verify",
): Promise<ProviderOrderStatus> {
  const remote = await provider.getOrder(orderId);
  let refused: "refused" | "sold-out" | null = null;
  for (const payment of remote.payments) {
    const effect = await recordPayment(db, orderId, payment, provider.name, now, source);
    if (effect === "refused" || effect === "sold-out") refused = effect;
  }
  if (refused) await refundRefusedPayments(db, provider, orderId, now, refused);
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
