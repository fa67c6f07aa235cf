/**
 * The portal's refund and payment-record calls (docs/decisions/0057): amounts are paise here,
 * rupees on the wire (the API client converts).
 */
import type { PaymentRecordsAnswer, RefundJson, RefundsAnswer } from "~/features/refunds/refunds";
import { adminGet, adminPost } from "~/features/admin/shell/admin-api";

export type { PaymentRecordsAnswer, RefundJson, RefundsAnswer };

export const refundsPath = (orderId: string) =>
  `/v2/admin/order/${encodeURIComponent(orderId)}/refunds`;

export function fetchRefunds(orderId: string, signal?: AbortSignal): Promise<RefundsAnswer> {
  return adminGet<RefundsAnswer>(refundsPath(orderId), { signal });
}

export function fetchPaymentRecords(
  orderId: string,
  signal?: AbortSignal,
): Promise<PaymentRecordsAnswer> {
  return adminGet<PaymentRecordsAnswer>(`/v2/admin/order/${encodeURIComponent(orderId)}/payments`, {
    signal,
  });
}

/** The panel's two reads together: the refunds with their totals, and the payments with the log. */
export async function fetchPaymentsAndRefunds(
  orderId: string,
  signal?: AbortSignal,
): Promise<{ refunds: RefundsAnswer; records: PaymentRecordsAnswer }> {
  const [refunds, records] = await Promise.all([
    fetchRefunds(orderId, signal),
    fetchPaymentRecords(orderId, signal),
  ]);
  return { refunds, records };
}

/** amount undefined: everything still refundable; cancel: cancel the order in the same step. */
export function postRefund(
  orderId: string,
  body: { amount?: number; reason: string; cancel?: boolean; restock?: boolean },
): Promise<RefundsAnswer & { refund: RefundJson | null }> {
  return adminPost(refundsPath(orderId), body);
}
