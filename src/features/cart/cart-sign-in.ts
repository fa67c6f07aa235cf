/**
 * Signing in and out of the browser's cart (docs/product.md §4): switch to the account cart,
 * merge or prompt for the guest lines, back to the guest cart on logout. The rules are in
 * cart-store.ts's file comment; cart-store.ts re-exports these functions.
 */
import {
  $cartId,
  $cartItems,
  $cartLoading,
  $cartMode,
  $mergePrompt,
  $rememberedCount,
} from "./cart-state";
import { readGuest, storage, writeGuest } from "./cart-storage";
import { session, type SignInOutcome } from "./cart-context";
import { applyAnswer, request, serial } from "./cart-session";
import { forgetRemembered, sessionSubject } from "./cart-remembered-count";
import type { CartAnswer, CartLine } from "./cart";

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
