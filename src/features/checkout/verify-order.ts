/**
 * The browser side of /verify-order/{id}: a visitor without a session goes to /login (and comes
 * back here after signing in, the tempOrder still saved); otherwise verifyReturn runs with the real
 * effects. Framework-free: the page has nothing to interact with.
 */
import { loginUrl } from "~/features/account/account";
import { flashToast } from "~/components/ui/flash-toasts";
import { $token, initSession } from "~/features/account/session-store";
import {
  $cartItems,
  ACCOUNT_CHANGED_KEY,
  refreshCart,
  startCart,
} from "~/features/cart/cart-store";
import { KEPT_AFTER_ORDER_KEY } from "~/features/cart/kept-after-order";
import { isProvider } from "./checkout-flow";
import { readTempOrder, removeTempOrder, verifyPayment } from "./checkout-client";
import { verifyReturn } from "./verify-return";

let started = false;

export async function runVerifyPage(root: HTMLElement): Promise<void> {
  if (started) return;
  started = true;
  const orderId = root.dataset.orderId ?? "";
  const configured = isProvider(root.dataset.provider) ? root.dataset.provider : "local";
  initSession();
  if (!$token.get()) {
    location.assign(loginUrl(location.pathname));
    return;
  }
  await verifyReturn(orderId, configured, {
    readTempOrder,
    removeTempOrder,
    verify: verifyPayment,
    refreshCart: async () => {
      // The server took the order's lines from the account cart: other tabs stop trusting their
      // remembered count.
      try {
        localStorage.setItem(ACCOUNT_CHANGED_KEY, String(Date.now()));
      } catch {
        /* storage blocked: other tabs catch up within minutes */
      }
      startCart(); // once per page (the shell starts it too): the account cart, not the guest one
      await refreshCart();
      // Lines added after the order stay in the cart; the drawer says so (decision 0058).
      try {
        if ($cartItems.get().length > 0) sessionStorage.setItem(KEPT_AFTER_ORDER_KEY, orderId);
      } catch {
        /* storage blocked: the drawer just shows the lines */
      }
    },
    leave: (to, toast) => {
      flashToast(toast);
      location.assign(to);
    },
  });
}
