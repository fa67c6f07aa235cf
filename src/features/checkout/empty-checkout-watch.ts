/**
 * /checkout's empty state, in the browser: the page was rendered from the server cart, and a guest
 * cart may still be merging into it (a sign-in that left before the merge finished, or the merge
 * prompt answered here). Once the account cart in this tab holds lines, the page is loaded again,
 * so the merged cart is on checkout without the shopper reloading
 * (docs/decisions/0197-return-after-sign-in.md). At most once a minute, so it can never loop.
 */
import {
  $cartItems,
  $cartLoading,
  $cartMode,
  refreshCart,
  startCart,
} from "~/features/cart/cart-store";

const RELOADED_KEY = "checkout:reloaded-at";

export function watchEmptyCheckout(): void {
  if (!document.querySelector("[data-checkout-empty]")) return;
  const check = () => {
    if ($cartMode.get() !== "account" || $cartLoading.get() || $cartItems.get().length === 0)
      return;
    try {
      const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
      if (Date.now() - last < 60_000) return;
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    } catch {
      return; // without sessionStorage there is no guard against a loop: stay
    }
    location.reload();
  };
  $cartItems.subscribe(check);
  $cartLoading.subscribe(check);
  // A merge sent by the page before (keepalive) may have landed after this page was rendered, and
  // the badge may be painted from a remembered count: ask the server for the lines once.
  startCart();
  if ($cartMode.get() === "account")
    refreshCart().catch((error: unknown) => console.warn("[checkout] cart refresh failed", error));
}
