/**
 * /quote-return/{orderId}: the payment provider's return for a quote's payment or a shipping charge
 * (decision 0045), for a visitor without an account. Asks the provider (never the browser) and
 * answers SUCCESS / PENDING / FAILED / CANCELLED / EXPIRED; null for an order that is not a quote's
 * (a 404). Reveals nothing but that word.
 */
import type { Db } from "../../server/db/client";
import { ProviderError, type PaymentProvider } from "../../server/payments/provider";
import { loadOrderRow } from "../orders/order-records.server";
import { syncWithProvider, verifyText } from "./payment-sync.server";
import { log } from "../../server/log/logger";

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
