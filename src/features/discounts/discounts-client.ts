/**
 * The shopper's discount code call from the browser (POST /v2/discounts/check), through the one API
 * client, and how the server-rendered order summary shows an applied code
 * (docs/product.md "Discount codes"). Amounts are paise here (the client converts at the wire).
 */
import type { ToastInput } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { formatInr } from "~/lib/money";
import { freshToken } from "~/features/account/session-store";

/** A code the server priced for the cart (the order is priced again at create-order). */
export interface AppliedCode {
  code: string;
  subtotal: number;
  discount: number;
  total: number;
}

export function checkCode(code: string): Promise<AppliedCode> {
  return freshToken().then((token) =>
    api.post<AppliedCode>("/v2/discounts/check", { code }, { token }),
  );
}

/** POST /v2/quotes/{token}/discount: a code priced on a quote (no sign-in needed). */
export function checkQuoteCode(token: string, code: string): Promise<AppliedCode> {
  return api.post<AppliedCode>(`/v2/quotes/${encodeURIComponent(token)}/discount`, { code });
}

/**
 * Shows (or, with null, hides) the discount line of the checkout's summary and its new total
 * (checkout/OrderSummary.astro's data-summary-discount row and data-summary-total).
 */
export function showInSummary(applied: AppliedCode | null, subtotal: number): void {
  const row = document.querySelectorAll<HTMLElement>("[data-summary-discount-row]");
  const amount = document.querySelector<HTMLElement>("[data-summary-discount]");
  const total = document.querySelector<HTMLElement>("[data-summary-total]");
  for (const el of row) el.hidden = !applied;
  if (amount && applied) amount.textContent = `${applied.code}: −${formatInr(applied.discount)}`;
  if (total) total.textContent = formatInr(applied ? applied.total : subtotal);
}

/** The toast for a create-order refused while a code was applied (a 400: the code's one sentence), else null. */
export function codeRefusal(error: unknown, applied: AppliedCode | null): ToastInput | null {
  if (!applied || !(error instanceof ApiError) || error.status !== 400) return null;
  return { type: "error", title: "Discount code", message: error.message };
}
