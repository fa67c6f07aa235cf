/**
 * /quote-return/{orderId}: the payment provider's return for a quote's payment or a shipping charge
 * (decision 0045), for a visitor without an account. Asks the provider (never the browser) and
 * answers SUCCESS / PENDING / FAILED / CANCELLED / EXPIRED; null for an order that is not a quote's
 * (a 404). Reveals nothing but that word.
 */
import type { Db } from "~/server/db/client";
import { ProviderError, type PaymentProvider } from "~/server/payments/provider";
import { paymentTarget } from "~/features/orders/order-payments.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { syncWithProvider, verifyText } from "./payment-sync.server";
import { log } from "~/server/log/logger";

export async function quoteReturn(
  db: Db,
  provider: PaymentProvider,
  orderId: string | undefined,
): Promise<string | null> {
  if (!orderId || !/^[A-Za-z0-9_-]{1,100}$/.test(orderId)) return null;
  const order = await loadOrderRow(db, orderId);
  if (!order || order.kind === "catalogue") return null;
  if (!order.paidAt && order.paymentSessionId && order.provider === provider.name) {
    try {
      await syncWithProvider(db, provider, orderId);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error(`[quotes] could not ask the provider about ${orderId}: ${error.message}`);
    }
  }
  return verifyText((await loadOrderRow(db, orderId))!);
}

/**
 * What a paid return paid for (decision 0204): "payment" for a payment link's row (a shipping
 * charge or a balance), which is a payment on its order and never an order in the studio.
 */
export async function quoteReturnPays(
  db: Db,
  orderId: string | undefined,
): Promise<{ what: "order" } | { what: "payment"; orderId: string }> {
  const row = orderId ? await loadOrderRow(db, orderId) : null;
  if (row?.kind !== "shipping") return { what: "order" };
  const target = await paymentTarget(db, row);
  return { what: "payment", orderId: target.orderId };
}
