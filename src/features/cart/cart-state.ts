/**
 * The cart's state (nanostores), the small public face every island and script reads: the lines,
 * the count and subtotal, the mode, and whether the drawer or the merge prompt is open.
 * Written only by the cart's own modules (cart-store.ts and its helpers).
 */
import { atom, computed } from "nanostores";
import { cartCount, cartSubtotal, type CartLine } from "./cart";

export type CartMode = "guest" | "account";

/** The lines of the current cart (guest or account), in the order they were added. */
export const $cartItems = atom<CartLine[]>([]);
/**
 * The account cart's count remembered in sessionStorage, while this page has not fetched the lines
 * (see the file comment); null once the lines are known.
 */
export const $rememberedCount = atom<number | null>(null);
/** docs/product.md §4: the sum of quantities (the nav and mobile badges). */
export const $cartCount = computed(
  [$cartItems, $rememberedCount],
  (items, remembered) => remembered ?? cartCount(items),
);
/** docs/product.md §4: the sum of price x quantity, in paise. */
export const $cartSubtotal = computed($cartItems, (items) => cartSubtotal(items));
/** Whose cart is shown. */
export const $cartMode = atom<CartMode>("guest");
/** The account cart's id (the user's cartId); null for a guest. */
export const $cartId = atom<string | null>(null);
/** True while the account cart is being fetched after sign-in or on page load. */
export const $cartLoading = atom(false);
/** Whether the drawer is open. */
export const $cartOpen = atom(false);

/** docs/product.md §2/§4: set when both carts have lines at sign-in; MergeCartModal shows it. */
export interface MergePrompt {
  guestItems: CartLine[];
  accountItems: CartLine[];
}
export const $mergePrompt = atom<MergePrompt | null>(null);

export function openCart(): void {
  $cartOpen.set(true);
}
export function closeCart(): void {
  $cartOpen.set(false);
}
