/** The guest cart in localStorage, and the browser storage the cart uses, every access guarded (SSR, privacy settings). */
import { $cartItems, $cartMode } from "./cart-state";
import { GUEST_CART_KEY, parseGuestCart, serialiseGuestCart, type CartLine } from "./cart";

export const inBrowser = () => typeof window !== "undefined";

export function storage(): Storage | null {
  try {
    return inBrowser() ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy settings): the guest cart lives in memory only
  }
}

export function sessionStore(): Storage | null {
  try {
    return inBrowser() ? (window.sessionStorage ?? null) : null;
  } catch {
    return null;
  }
}

export function readGuest(): CartLine[] {
  const store = storage();
  if (!store) return $cartMode.get() === "guest" ? $cartItems.get() : [];
  try {
    return parseGuestCart(store.getItem(GUEST_CART_KEY));
  } catch {
    return [];
  }
}

export function writeGuest(items: readonly CartLine[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (items.length === 0) store.removeItem(GUEST_CART_KEY);
    else store.setItem(GUEST_CART_KEY, serialiseGuestCart(items));
  } catch (error) {
    console.error("[cart] could not save the guest cart", error);
  }
}
