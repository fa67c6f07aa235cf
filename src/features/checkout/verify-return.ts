/**
 * The payment return (docs/product.md §2 Payment return, §4 Checkout flow): verify the order with the server,
 * then leave with the spec's toast. Written over its effects (`VerifyEffects`) so the rules are
 * unit-tested without a browser; verify-order.ts wires the real ones.
 *
 *  - SUCCESS: tempOrder removed, cart refreshed (the server took the order's lines from it), the
 *    order's thank-you page (decision 0209) with 'Order Placed'.
 *  - any other text: 'Order not Placed' - 'Payment not recieved!' (warning), /products.
 *  - an error (network, 401, 404, 5xx): 'Order not Placed' - 'Payment not processed!', /.
 *
 * The provider is the tempOrder's when it is this order's, otherwise the shop's configured one.
 */
import type { ToastInput } from "~/components/ui/toast-store";
import {
  VERIFY_NEXT,
  verifyOutcome,
  type PaymentProvider,
  type TempOrder,
  type VerifyOutcome,
} from "./checkout-flow";

export interface VerifyEffects {
  readTempOrder(): TempOrder | null;
  removeTempOrder(): void;
  verify(provider: PaymentProvider, orderId: string, tempOrder: TempOrder | null): Promise<unknown>;
  refreshCart(): Promise<void>;
  /** Shows the toast on the next page, then goes there. */
  leave(to: string, toast: ToastInput): void;
}

export async function verifyReturn(
  orderId: string,
  configured: PaymentProvider,
  effects: VerifyEffects,
): Promise<VerifyOutcome> {
  const stored = effects.readTempOrder();
  const tempOrder = stored && stored.order_id === orderId ? stored : null;
  const provider = tempOrder?.provider ?? configured;
  let outcome: VerifyOutcome;
  try {
    outcome = verifyOutcome(await effects.verify(provider, orderId, tempOrder));
  } catch (error) {
    console.error("[checkout] verifying the payment failed", error);
    outcome = "error";
  }
  if (outcome === "paid") {
    effects.removeTempOrder();
    try {
      await effects.refreshCart();
    } catch (error) {
      console.error("[checkout] refreshing the cart after payment failed", error); // docs/product.md §8: logged only
    }
  }
  const next = VERIFY_NEXT[outcome];
  effects.leave(next.to(orderId), next.toast);
  return outcome;
}
