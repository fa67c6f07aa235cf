/**
 * Checkout's calls from the browser (docs/product.md §7 Orders and payment), through the one API client
 * (src/lib/api-client.ts) with the session's bearer token, plus the tempOrder entry (docs/product.md §3) and
 * the hand-over to the payment provider. The provider's SDK is imported only here, on demand, so
 * only the checkout page ever loads it.
 */
import { api } from "~/lib/api-client";
import { TEMP_ORDER_KEY } from "~/features/account/account";
import { freshToken } from "~/features/account/session-store";
import {
  parseTempOrder,
  type CreateOrderAnswer,
  type CreateOrderBody,
  type PaymentProvider,
  type TempOrder,
} from "./checkout-flow";

export function createOrder(body: CreateOrderBody): Promise<CreateOrderAnswer> {
  return freshToken().then((token) =>
    api.post<CreateOrderAnswer>("/create-order", body, { token, timeoutMs: 45_000 }),
  );
}

/** POST /{provider}/verify?order_id={id} with the saved tempOrder; answers the server's text. */
export async function verifyPayment(
  provider: PaymentProvider,
  orderId: string,
  tempOrder: TempOrder | null,
): Promise<unknown> {
  const token = await freshToken();
  return api.post<unknown>(
    `/${provider}/verify?order_id=${encodeURIComponent(orderId)}`,
    tempOrder ?? {},
    { token, timeoutMs: 45_000 },
  );
}

export function saveTempOrder(order: TempOrder): void {
  try {
    localStorage.setItem(TEMP_ORDER_KEY, JSON.stringify(order));
  } catch (error) {
    console.warn("[checkout] could not keep the temporary order", error);
  }
}

export function readTempOrder(): TempOrder | null {
  try {
    return parseTempOrder(localStorage.getItem(TEMP_ORDER_KEY));
  } catch {
    return null;
  }
}

export function removeTempOrder(): void {
  try {
    localStorage.removeItem(TEMP_ORDER_KEY);
  } catch {
    /* storage blocked: nothing was kept */
  }
}

/**
 * Sends the shopper to pay: the local provider's page, or Cashfree's checkout in this window.
 * Throws when Cashfree's SDK cannot be loaded or refuses (the caller shows 'Payment failed').
 */
export async function startPayment(answer: CreateOrderAnswer): Promise<void> {
  if (answer.provider === "local") {
    location.assign(`/pay/local/${encodeURIComponent(answer.payment_session_id)}`);
    return;
  }
  const { load } = await import("@cashfreepayments/cashfree-js");
  const cashfree = await load({ mode: answer.mode });
  if (!cashfree) throw new Error("Cashfree's SDK did not load");
  const result = (await cashfree.checkout({
    paymentSessionId: answer.payment_session_id,
    redirectTarget: "_self",
  })) as { error?: { message?: string } } | undefined;
  if (result?.error) throw new Error(result.error.message ?? "Cashfree's checkout failed");
}
