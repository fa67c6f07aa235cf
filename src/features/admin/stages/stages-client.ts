/**
 * The studio stages area's calls (docs/decisions/0046-dispatch-promise-and-stages.md), on the
 * portal's one API client: an order's stages, marking the next one done, and the shipping charge
 * link. Answer types: custom/stages.ts and custom/quotes.ts, which the server's code returns too.
 */
import type { QuoteJson } from "~/features/custom/quotes";
import type { OrderStagesJson } from "~/features/custom/stages";
import { adminGet, adminPost } from "~/features/admin/shell/admin-api";

const stagesPath = (orderId: string) => `/v2/admin/order/${encodeURIComponent(orderId)}/stages`;

export function fetchOrderStages(orderId: string, signal?: AbortSignal): Promise<OrderStagesJson> {
  return adminGet<OrderStagesJson>(stagesPath(orderId), { signal });
}

export function markStageDone(
  orderId: string,
  body: { stage: string; note: string; photos: string[] },
): Promise<OrderStagesJson> {
  return adminPost<OrderStagesJson>(stagesPath(orderId), body);
}

/** Paise in, rupees on the wire (the API client converts `amount`). */
export function sendShippingCharge(
  orderId: string,
  amount: number,
): Promise<{ quote: QuoteJson; link: string }> {
  return adminPost<{ quote: QuoteJson; link: string }>(
    `/v2/admin/order/${encodeURIComponent(orderId)}/shipping-charge`,
    { amount },
  );
}
