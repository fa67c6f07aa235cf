/**
 * The cart count on the top bar and the mobile bar (docs/product.md §4: the sum of item quantities, from the
 * cart store's $cartCount) and the cart buttons, which dispatch `window` CustomEvent("cart:open")
 * for the cart drawer. Framework-free, so content-only pages stay without React.
 */
import { $cartCount, startCart } from "~/features/cart/cart-store";

/** Writes the count into every `[data-cart-count]` badge and the cart buttons' labels. */
export function paintCount(count: number, root: ParentNode = document): void {
  for (const badge of root.querySelectorAll<HTMLElement>("[data-cart-count]")) {
    badge.textContent = count > 99 ? "99+" : String(count);
    badge.hidden = count === 0;
  }
  for (const button of root.querySelectorAll<HTMLElement>("[data-cart-open]")) {
    button.setAttribute("aria-label", count === 1 ? "Cart, 1 item" : `Cart, ${count} items`);
  }
}

let started = false;

/** Starts the cart store, the badges and the cart buttons, once per page. */
export function startCartBadge(): void {
  if (started) return;
  started = true;
  document.addEventListener("click", (event) => {
    const button =
      event.target instanceof Element ? event.target.closest("[data-cart-open]") : null;
    if (!button) return;
    event.preventDefault();
    window.dispatchEvent(new CustomEvent("cart:open"));
  });
  startCart();
  $cartCount.subscribe((count) => paintCount(count));
}
