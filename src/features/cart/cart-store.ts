/**
 * The one cart store of the browser (docs/product.md §4 Cart), shared by every island and plain script:
 * the nav and mobile badges ($cartCount), the drawer, the product page and checkout.
 * Framework-free (nanostores); React islands read it with `useStore` from @nanostores/react.
 *
 * Two modes:
 * - guest: the lines live in localStorage under `cart` (docs/product.md §3) and are re-read before every
 *   change, so tabs never overwrite each other; other tabs follow through the `storage` event.
 * - account: the lines live on the server (/v2/carts, bearer token). Requests run one after the
 *   other and each answer replaces the lines; an answer that arrives after a sign-out or a new
 *   sign-in is dropped. Other tabs of the same cart follow through a BroadcastChannel.
 *
 * Signing in (`onSignedIn`: run by the sign-in flows through lib/after-sign-in.ts, which wait for it
 * before leaving the page, and on page load when the `token` and `user` cookies exist): fetch the
 * account cart; if both carts have lines, show the merge prompt ($mergePrompt, MergeCartModal);
 * if only the guest cart has lines, merge it automatically and remove it; otherwise use the account
 * cart. The guest cart is removed from storage *before* the merge is sent (and restored if the
 * server refuses), and the request uses keepalive, so leaving the page mid-merge never merges twice.
 *
 * Page loads of a signed-in visitor need not ask the server just to paint the badge: every account
 * answer this tab applies is remembered in sessionStorage (`cart:account-count`: the user's uid,
 * the cart id, the count, the time). A later page load of the same tab with no guest lines to merge
 * paints $cartCount from it and fetches the account cart only when the drawer opens (or a
 * mutation/checkout needs it), when the entry is older than CART_COUNT_TTL_MS, or when another tab
 * changed the account cart since (`cart:account-changed` in localStorage; open tabs also follow the
 * BroadcastChannel at once). A guest cart with lines always runs the full sign-in logic.
 *
 * The answers are checked with the cart's one schema (cart.schema.ts, `zod/mini`: small enough for
 * this module, which is loaded on every page for the nav badge).
 *
 * Files: cart-state.ts (the stores), cart-storage.ts (the guest cart), cart-session.ts (requests,
 * their order, the session counter), cart-remembered-count.ts (the badge without a request),
 * cart-actions.ts (the UI actions with docs/product.md §8's toasts), cart-sign-in.ts (sign-in and
 * sign-out, the merge), and this module: the mutators and startCart(). Mutators never show toasts (checkout clears the cart
 * silently). Importing any of them starts nothing.
 */
import { ApiError } from "~/lib/api-client";
import { readCookie, TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import {
  $cartId,
  $cartItems,
  $cartMode,
  $cartOpen,
  $rememberedCount,
  openCart,
} from "./cart-state";
import { inBrowser, readGuest, writeGuest } from "./cart-storage";
import { session } from "./cart-context";
import { applyAnswer, request, serial } from "./cart-session";
import { forgetRemembered, resumeFromRemembered } from "./cart-remembered-count";
import {
  addLine,
  GUEST_CART_KEY,
  MAX_LINE_QUANTITY,
  quantityCapMessage,
  quantityInCart,
  removeLine,
  setLineQuantity,
  type CartItemDraft,
  type CartLine,
} from "./cart";
import { toCartAnswer } from "./cart.schema";
import { toValues } from "~/features/personalisation/personalisation";
import { guestCartAtSignIn, onSignedIn } from "./cart-sign-in";
import { afterSignIn, askAtSignIn } from "~/lib/after-sign-in";

export * from "./cart-state";
export {
  CART_COUNT_TTL_MS,
  REMEMBERED_COUNT_KEY,
  ACCOUNT_CHANGED_KEY,
  sessionSubject,
} from "./cart-remembered-count";
export type { SignInOutcome } from "./cart-context";
export { onSignedIn, onSignedOut, resolveMerge } from "./cart-sign-in";

/** The lines are needed (the drawer opened) but only the remembered count is known: fetch them. */
function needLines(): void {
  if ($cartMode.get() === "account" && $rememberedCount.get() !== null)
    void onSignedIn(session.token);
}

// ---------------------------------------------------------------------------------------------
// Mutators (no toasts)
// ---------------------------------------------------------------------------------------------

function postBody(item: CartItemDraft) {
  return {
    productId: item.productId,
    variant: item.variant,
    quantity: item.quantity ?? 1,
    price: item.price,
    product: item.product,
    productNote: item.productNote.trim(),
    ...(item.personalisation?.length ? { personalisation: toValues(item.personalisation) } : {}),
  };
}

/** The body naming a line: its variant choice, and its personalisation when it has one. */
function lineTarget(line: Pick<CartLine, "variant" | "personalisation">) {
  return {
    variant: line.variant,
    ...(line.personalisation?.length ? { personalisation: line.personalisation } : {}),
  };
}

/**
 * Adds a line; the same product and variant choice raises its quantity by `item.quantity`
 * (default 1). Throws ApiError when the server refuses or the guest cart is full.
 */
export async function addToCart(item: CartItemDraft): Promise<void> {
  if ($cartMode.get() === "guest") {
    const inCart = quantityInCart(readGuest(), item);
    if (inCart + (item.quantity ?? 1) > MAX_LINE_QUANTITY)
      throw new ApiError(400, quantityCapMessage(inCart));
    const next = addLine(readGuest(), item);
    if (!next) throw new ApiError(400, "Your cart is full.");
    writeGuest(next);
    $cartItems.set(next);
    return;
  }
  const at = session.epoch;
  await serial(async () => applyAnswer(await request("POST", "/v2/carts", postBody(item)), at));
}

/** Removes the line of this product and variant choice. */
export async function removeFromCart(
  line: Pick<CartLine, "productId" | "variant"> & Partial<Pick<CartLine, "personalisation">>,
): Promise<void> {
  if ($cartMode.get() === "guest") {
    const next = removeLine(readGuest(), line);
    writeGuest(next);
    $cartItems.set(next);
    return;
  }
  const at = session.epoch;
  const path = `/v2/carts?prod_id=${encodeURIComponent(line.productId)}`;
  await serial(async () => applyAnswer(await request("DELETE", path, lineTarget(line)), at));
}

/** Sets a line's quantity (1 to MAX_LINE_QUANTITY; the drawer's − and +). */
export async function changeQuantity(
  line: Pick<CartLine, "productId" | "variant"> & Partial<Pick<CartLine, "personalisation">>,
  quantity: number,
): Promise<void> {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY)
    throw new ApiError(400, `A line holds 1 to ${MAX_LINE_QUANTITY}.`);
  if ($cartMode.get() === "guest") {
    const next = setLineQuantity(readGuest(), line, quantity);
    writeGuest(next);
    $cartItems.set(next);
    return;
  }
  const at = session.epoch;
  const path = `/v2/carts?prod_id=${encodeURIComponent(line.productId)}`;
  await serial(async () =>
    applyAnswer(await request("PATCH", path, { ...lineTarget(line), quantity }), at),
  );
}

/** Empties the cart (guest: removes the stored cart; account: DELETE /v2/clear-cart). */
export async function clearCart(): Promise<void> {
  if ($cartMode.get() === "guest") {
    writeGuest([]);
    $cartItems.set([]);
    return;
  }
  const at = session.epoch;
  await serial(async () => applyAnswer(await request("DELETE", "/v2/clear-cart"), at));
}

/** Re-reads the cart (account: GET /v2/carts). Checkout calls it before showing the summary. */
export async function refreshCart(): Promise<void> {
  if ($cartMode.get() === "guest") {
    $cartItems.set(readGuest());
    return;
  }
  const at = session.epoch;
  await serial(async () => applyAnswer(await request("GET", "/v2/carts"), at, { changed: false }));
}

// ---------------------------------------------------------------------------------------------
// Start-up (browser only)
// ---------------------------------------------------------------------------------------------

let started = false;

/**
 * Starts the cart in this page once: follows other tabs, opens on the nav's `cart:open`, and reads
 * the guest cart or the account cart. Called by the site shell (cart-badge.ts) and the cart's
 * islands; importing the module starts nothing.
 */
export function startCart(): void {
  if (started || !inBrowser()) return;
  started = true;

  window.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== GUEST_CART_KEY) return;
    if ($cartMode.get() === "guest") $cartItems.set(readGuest());
  });
  window.addEventListener("cart:open", openCart);
  // A sign-in on this page (login, sign-up, Google) waits for the guest cart's merge before it
  // leaves, so the next page (e.g. /checkout, read from the server cart) shows the merged lines.
  // The guest lines ride on the sign-in call, and its answer brings the cart (decision 0290).
  askAtSignIn(guestCartAtSignIn);
  afterSignIn((token, answer) => onSignedIn(token, answer.cart));

  if (typeof BroadcastChannel !== "undefined") {
    try {
      session.channel = new BroadcastChannel("cart");
      session.channel.onmessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; answer?: unknown } | null;
        if (data?.type !== "account-cart" || $cartMode.get() !== "account") return;
        const answer = toCartAnswer(data.answer);
        if (answer && answer.id === $cartId.get())
          applyAnswer(answer, session.epoch, { broadcast: false });
      };
    } catch {
      session.channel = null;
    }
  }

  // Painted from the remembered count: the drawer needs the lines.
  $cartOpen.subscribe((open) => {
    if (open) needLines();
  });

  // docs/product.md §4: signed in only when both session cookies exist; the guest cart is not shown meanwhile.
  const token = readCookie(TOKEN_COOKIE);
  if (token && readCookie(USER_COOKIE)) {
    if (!resumeFromRemembered(token)) void onSignedIn(token);
  } else {
    forgetRemembered();
    $cartItems.set(readGuest());
  }
}
