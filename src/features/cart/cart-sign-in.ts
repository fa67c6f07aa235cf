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
import { toCartAnswer } from "./cart.schema";
import type { SignInAsk } from "~/lib/after-sign-in";

/** The guest lines sent with the shop's sign-in call, until its answer says what became of them. */
let sentGuest: CartLine[] = [];

/** Puts the guest lines sent with the sign-in back (unless storage got new ones meanwhile). */
function putBackSent(): void {
  if (sentGuest.length > 0 && readGuest().length === 0) writeGuest(sentGuest);
  sentGuest = [];
}

/**
 * The guest cart sent with the sign-in call (decision 0290): taken out of storage before it is sent,
 * for the reason mergeGuest gives, and put back when the call fails or does not merge it.
 */
export const guestCartAtSignIn: SignInAsk = {
  body() {
    sentGuest = readGuest();
    if (sentGuest.length > 0) writeGuest([]);
    return { cart: { items: sentGuest } };
  },
  failed: putBackSent,
};

/** The cart in the sign-in's answer: the account cart, and whether the guest lines were merged into it. */
function answeredCart(value: unknown): { cart: CartAnswer; merged: boolean } | null {
  const cart = toCartAnswer(value);
  if (!cart) return null;
  const merged = (value as { merged?: unknown }).merged === true;
  const skipped = (value as { skipped?: unknown }).skipped;
  if (Array.isArray(skipped) && skipped.length > 0)
    console.warn("[cart] merge skipped lines", skipped);
  return { cart, merged };
}

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

async function syncAfterSignIn(at: number, answered: unknown): Promise<SignInOutcome> {
  const given = answered === undefined ? null : answeredCart(answered);
  if (given?.merged) {
    sentGuest = [];
    applyAnswer(given.cart, at);
    return "merged";
  }
  putBackSent();
  if (given) return settle(at, given.cart);
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
  return settle(at, account);
}

/** The account cart is known: show it, and merge or prompt for the guest lines. */
async function settle(at: number, account: CartAnswer): Promise<SignInOutcome> {
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
 * `answered`: the cart in the sign-in call's answer (decision 0290), so none is fetched.
 */
export function onSignedIn(token?: string | null, answered?: unknown): Promise<SignInOutcome> {
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
  const promise = serial(() => syncAfterSignIn(at, answered)).finally(() => {
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
