/**
 * The deposits area's calls (docs/decisions/0124-deposits.md), on the portal's one API client: a
 * draft quote's advance, and an order's balance link. Amounts are paise here (the client converts
 * `advance`, `balance` and `amount`). Answer type: made-to-order/deposits.ts.
 */
import type { OrderDepositJson } from "~/features/made-to-order/deposits";
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";

const quotePath = (id: string) => `/v2/admin/quotes/${encodeURIComponent(id)}/deposit`;

export function fetchQuoteDeposit(
  id: string,
  signal?: AbortSignal,
): Promise<OrderDepositJson | null> {
  return adminGet<OrderDepositJson | null>(quotePath(id), { signal });
}

export function saveQuoteDeposit(
  id: string,
  body: { percent?: number; amount?: number },
): Promise<OrderDepositJson | null> {
  return adminPut<OrderDepositJson | null>(quotePath(id), body);
}

export function sendBalanceLink(
  orderId: string,
): Promise<{ link: string; deposit: OrderDepositJson }> {
  return adminPost(`/v2/admin/order/${encodeURIComponent(orderId)}/balance`, {});
}
