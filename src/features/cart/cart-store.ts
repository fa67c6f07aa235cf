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
 * Signing in (`onSignedIn`, also run on page load when the `token` and `user` cookies exist): fetch the
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
 * cart-actions.ts (the UI actions with docs/product.md §8's toasts), and this module: the mutators, sign-in
 * and sign-out, the merge, and startCart(). Mutators never show toasts (checkout clears the cart
 * silently). Importing any of them starts nothing.
 */
import { ApiError } from "../../lib/api-client";
import { readCookie, TOKEN_COOKIE, USER_COOKIE } from "../../lib/cookies";
import {
  $cartId,
  $cartItems,
  $cartLoading,
  $cartMode,
  $cartOpen,
  $mergePrompt,
  $rememberedCount,
  openCart,
} from "./cart-state";
import { inBrowser, readGuest, storage, writeGuest } from "./cart-storage";
import { session, type SignInOutcome } from "./cart-context";
import { applyAnswer, request, serial } from "./cart-session";
import { forgetRemembered, resumeFromRemembered, sessionSubject } from "./cart-remembered-count";
import {
  addLine,
  GUEST_CART_KEY,
  MAX_LINE_QUANTITY,
  quantityCapMessage,
  quantityInCart,
  removeLine,
  type CartAnswer,
  type CartItemDraft,
  type CartLine,
} from "./cart";
import { toCartAnswer } from "./cart.schema";

export * from "./cart-state";
export {
  CART_COUNT_TTL_MS,
  REMEMBERED_COUNT_KEY,
  ACCOUNT_CHANGED_KEY,
  sessionSubject,
} from "./cart-remembered-count";
export type { SignInOutcome } from "./cart-context";

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
export async function removeFromCart(line: Pick<CartLine, "productId" | "variant">): Promise<void> {
  if ($cartMode.get() === "guest") {
    const next = removeLine(readGuest(), line);
    writeGuest(next);
    $cartItems.set(next);
    return;
  }
  const at = session.epoch;
  const path = `/v2/carts?prod_id=${encodeURIComponent(line.productId)}`;
  await serial(async () =>
    applyAnswer(await request("DELETE", path, { variant: line.variant }), at),
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
// Sign-in and sign-out (docs/product.md §4)
// ---------------------------------------------------------------------------------------------

/** Sends the guest lines to PUT /v2/carts-merge; see the file comment for why storage goes first. */
async function mergeGuest(guest: CartLine[], at: number): Promise<boolean> {
  writeGuest([]);
  try {
    const answer = await request("PUT", "/v2/carts-merge", { items: guest }, { keepalive: true });
    if (Array.isArray(answer.skipped) && answer.skipped.length > 0)
      console.warn("[cart] merge skipped lines", answer.skipped);
    applyAnswer(answer, at);
    return true;
  } catch (error) {
    console.error("[cart] merge failed", error); // docs/product.md §8: logged only
    if (readGuest().length === 0) writeGuest(guest); // keep the guest cart for the next attempt
    return false;
  }
}

async function syncAfterSignIn(at: number): Promise<SignInOutcome> {
  let account: CartAnswer;
  try {
    account = await request("GET", "/v2/carts");
  } catch (error) {
    console.error("[cart] fetching the account cart failed", error); // docs/product.md §8: logged only
    if (at === session.epoch) {
      $cartItems.set([]);
      $rememberedCount.set(null);
      forgetRemembered();
    }
    return "failed";
  }
  if (at !== session.epoch) return "superseded";
  const guest = readGuest();
  applyAnswer(account, at, { changed: false });
  if (guest.length > 0 && account.items.length > 0) {
    $mergePrompt.set({ guestItems: guest, accountItems: account.items });
    return "prompt";
  }
  if (guest.length > 0) return (await mergeGuest(guest, at)) ? "merged" : "failed";
  return "server";
}

/**
 * Switches to the account cart after a sign-in (and on page load while the `token` cookie exists).
 * Resolves once the cart is settled or the merge prompt is showing — it does not wait for the
 * shopper's answer. Calling it again with the same token while it runs returns the same promise.
 */
export function onSignedIn(token?: string | null): Promise<SignInOutcome> {
  if (token) session.token = token;
  const key = token ?? null;
  if (session.signInRun && session.signInRun.token === key && $cartMode.get() === "account")
    return session.signInRun.promise;
  const sub = sessionSubject(token ?? session.token);
  if (sub !== session.subject) $rememberedCount.set(null); // another user's remembered count is not shown
  session.subject = sub;
  const at = ++session.epoch;
  $cartMode.set("account");
  $cartLoading.set(true);
  const promise = serial(() => syncAfterSignIn(at)).finally(() => {
    if (at === session.epoch) $cartLoading.set(false);
  });
  session.signInRun = { token: key, promise };
  return promise;
}

/** Back to the guest cart after logout (the account cart stays on the server). */
export function onSignedOut(): void {
  session.epoch++;
  session.token = null;
  session.signInRun = null;
  session.subject = null;
  forgetRemembered();
  $rememberedCount.set(null);
  $mergePrompt.set(null);
  $cartLoading.set(false);
  $cartMode.set("guest");
  $cartId.set(null);
  $cartItems.set(readGuest());
}

/**
 * The shopper's answer to the merge prompt: 'merge' sums the guest lines into the account cart,
 * 'keep' discards the guest cart, 'later' (Escape) closes the prompt and keeps both as they are,
 * so it shows again on the next page. Resolves true when the choice was carried out.
 */
export async function resolveMerge(choice: "merge" | "keep" | "later"): Promise<boolean> {
  const prompt = $mergePrompt.get();
  if (!prompt) return false;
  $mergePrompt.set(null);
  if (choice === "later") return true;
  if (choice === "keep") {
    writeGuest([]);
    return true;
  }
  const at = session.epoch;
  return serial(() => {
    const stored = storage() ? readGuest() : prompt.guestItems;
    if (stored.length === 0) return Promise.resolve(true); // another tab merged it already
    return mergeGuest(stored, at);
  });
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
