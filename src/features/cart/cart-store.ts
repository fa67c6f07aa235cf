/**
 * The one cart store of the browser (SPEC §4 Cart), shared by every island and plain script:
 * the nav and mobile badges ($cartCount), the drawer, the product page and checkout.
 * Framework-free (nanostores); React islands read it with `useStore` from @nanostores/react.
 *
 * Two modes:
 * - guest: the lines live in localStorage under `cart` (SPEC §3) and are re-read before every
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
 * The answers are checked by a hand-written guard (`toCartAnswer` in cart.ts), not zod: this module
 * is loaded on every page for the nav badge, so nothing it imports may pull zod into the bundle.
 *
 * Mutators never show toasts (checkout clears the cart silently); the `...AndNotify` helpers and
 * `addProductToCart` are the UI actions that show SPEC §8's toasts.
 */
import { atom, computed } from "nanostores";
import { showToast } from "../../components/ui/toast-store";
import { ApiError, apiRequest } from "../../lib/api-client";
import { readCookie } from "../../lib/cookies";
import { parseUserCookie, TOKEN_COOKIE, USER_COOKIE } from "../account/account";
import type { Product, Variant } from "../catalogue/catalogue";
import {
  addLine,
  cartCount,
  cartSubtotal,
  CART_TOASTS,
  GUEST_CART_KEY,
  MAX_LINE_QUANTITY,
  quantityCapMessage,
  quantityInCart,
  MAX_NOTE_LENGTH,
  parseGuestCart,
  removeLine,
  resolveChoice,
  serialiseGuestCart,
  toCartAnswer,
  type CartAnswer,
  type CartItemDraft,
  type CartLine,
  type VariantChoice,
} from "./cart";

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

export type CartMode = "guest" | "account";

/** The lines of the current cart (guest or account), in the order they were added. */
export const $cartItems = atom<CartLine[]>([]);
/**
 * The account cart's count remembered in sessionStorage, while this page has not fetched the lines
 * (see the file comment); null once the lines are known.
 */
const $rememberedCount = atom<number | null>(null);
/** SPEC §4: the sum of quantities (the nav and mobile badges). */
export const $cartCount = computed([$cartItems, $rememberedCount], (items, remembered) => remembered ?? cartCount(items));
/** SPEC §4: the sum of price x quantity, in paise. */
export const $cartSubtotal = computed($cartItems, (items) => cartSubtotal(items));
/** Whose cart is shown. */
export const $cartMode = atom<CartMode>("guest");
/** The account cart's id (the user's cartId); null for a guest. */
export const $cartId = atom<string | null>(null);
/** True while the account cart is being fetched after sign-in or on page load. */
export const $cartLoading = atom(false);
/** Whether the drawer is open. */
export const $cartOpen = atom(false);

/** SPEC §2/§4: set when both carts have lines at sign-in; MergeCartModal shows it. */
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
export function toggleCart(): void {
  $cartOpen.set(!$cartOpen.get());
}

// ---------------------------------------------------------------------------------------------
// Browser plumbing (every access guarded: the module is also evaluated during SSR)
// ---------------------------------------------------------------------------------------------

const inBrowser = () => typeof window !== "undefined";

function storage(): Storage | null {
  try {
    return inBrowser() ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy settings): the guest cart lives in memory only
  }
}

function sessionStore(): Storage | null {
  try {
    return inBrowser() ? (window.sessionStorage ?? null) : null;
  } catch {
    return null;
  }
}

function readGuest(): CartLine[] {
  const store = storage();
  if (!store) return $cartMode.get() === "guest" ? $cartItems.get() : [];
  try {
    return parseGuestCart(store.getItem(GUEST_CART_KEY));
  } catch {
    return [];
  }
}

function writeGuest(items: readonly CartLine[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (items.length === 0) store.removeItem(GUEST_CART_KEY);
    else store.setItem(GUEST_CART_KEY, serialiseGuestCart(items));
  } catch (error) {
    console.error("[cart] could not save the guest cart", error);
  }
}


let signedInToken: string | null = null;

/** The bearer token: the `token` cookie (SPEC §3, kept fresh by the session), else the one given to onSignedIn. */
async function authToken(): Promise<string | null> {
  return readCookie(TOKEN_COOKIE) || signedInToken;
}

async function request(method: string, path: string, body?: unknown, options: { keepalive?: boolean } = {}): Promise<CartAnswer & { skipped?: unknown }> {
  const token = await authToken();
  if (!token) throw new ApiError(401, "Please log in to continue.");
  const data = await apiRequest<unknown>(method, path, body, { token, keepalive: options.keepalive === true });
  const answer = toCartAnswer(data);
  if (!answer) throw new ApiError(200, "The cart answer was not understood.");
  return { ...answer, skipped: (data as { skipped?: unknown }).skipped };
}

// ---------------------------------------------------------------------------------------------
// The remembered account count (sessionStorage) and the cross-tab change mark (localStorage)
// ---------------------------------------------------------------------------------------------

/** How long a remembered account count may paint the badge without asking the server. */
export const CART_COUNT_TTL_MS = 5 * 60_000;
/** sessionStorage: `{ sub, cartId, count, at }` of the last account answer this tab applied. */
export const REMEMBERED_COUNT_KEY = "cart:account-count";
/** localStorage: when any tab last changed an account cart (ms), so other tabs stop trusting their count. */
export const ACCOUNT_CHANGED_KEY = "cart:account-changed";

interface RememberedCount {
  sub: string;
  cartId: string;
  count: number;
  at: number;
}

/** Whose cart this is: the `uid` of the `user` cookie, else the ID token's `sub`; null when unknown. */
export function sessionSubject(token: string | null, userCookie: string | null = readCookie(USER_COOKIE)): string | null {
  const uid = parseUserCookie(userCookie)?.uid;
  if (uid) return uid;
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "="));
    const sub = (JSON.parse(json) as { sub?: unknown } | null)?.sub;
    return typeof sub === "string" && sub ? sub : null;
  } catch {
    return null;
  }
}

/** The signed-in user's subject (sessionSubject), the key of the remembered count. */
let subject: string | null = null;

function readRemembered(sub: string): RememberedCount | null {
  try {
    const value = JSON.parse(sessionStore()?.getItem(REMEMBERED_COUNT_KEY) ?? "null") as Partial<RememberedCount> | null;
    if (!value || value.sub !== sub || typeof value.cartId !== "string") return null;
    if (!Number.isInteger(value.count) || value.count! < 0 || typeof value.at !== "number") return null;
    return value as RememberedCount;
  } catch {
    return null;
  }
}

function lastAccountChange(): number {
  try {
    const value = Number(storage()?.getItem(ACCOUNT_CHANGED_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Remembers an applied account answer; `changed` (a mutation) also tells the other tabs. */
function remember(answer: CartAnswer, changed: boolean): void {
  if (!subject) return;
  const at = Date.now();
  try {
    const entry: RememberedCount = { sub: subject, cartId: answer.id, count: cartCount(answer.items), at };
    sessionStore()?.setItem(REMEMBERED_COUNT_KEY, JSON.stringify(entry));
    if (changed) storage()?.setItem(ACCOUNT_CHANGED_KEY, String(at));
  } catch {
    /* storage full or blocked: the next page load asks the server */
  }
}

function forgetRemembered(): void {
  try {
    sessionStore()?.removeItem(REMEMBERED_COUNT_KEY);
  } catch {
    /* nothing to forget */
  }
}

/**
 * Page load of a signed-in visitor: paints the account cart's count from this tab's remembered
 * answer, without a request, when that is safe (see the file comment). False: run the sign-in logic.
 */
function resumeFromRemembered(token: string): boolean {
  const sub = sessionSubject(token);
  if (!sub || readGuest().length > 0) return false;
  const entry = readRemembered(sub);
  const now = Date.now();
  if (!entry || now - entry.at > CART_COUNT_TTL_MS || entry.at > now || lastAccountChange() > entry.at) return false;
  epoch++;
  subject = sub;
  signedInToken = token;
  signInRun = null;
  $cartMode.set("account");
  $cartId.set(entry.cartId);
  $rememberedCount.set(entry.count);
  return true;
}

/** The lines are needed (the drawer opened) but only the remembered count is known: fetch them. */
function needLines(): void {
  if ($cartMode.get() === "account" && $rememberedCount.get() !== null) void onSignedIn(signedInToken);
}

/** Bumped by every sign-in and sign-out: answers of an older session are not applied. */
let epoch = 0;
let queue: Promise<unknown> = Promise.resolve();

/** Runs account requests one after the other, so answers apply in the order they were asked. */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

let channel: BroadcastChannel | null = null;

/**
 * Shows an account answer (unless a sign-out or another sign-in came since `at`) and remembers it.
 * `changed`: the answer follows a change made here, so other tabs are told (BroadcastChannel now,
 * localStorage mark for their next page load). `broadcast: false`: it came from another tab.
 */
function applyAnswer(answer: CartAnswer, at: number, { changed = true, broadcast = true } = {}): void {
  if (at !== epoch || $cartMode.get() !== "account") return;
  $cartId.set(answer.id);
  $cartItems.set(answer.items);
  $rememberedCount.set(null);
  remember(answer, changed && broadcast);
  if (broadcast) {
    try {
      channel?.postMessage({ type: "account-cart", answer });
    } catch {
      /* another tab is a nicety */
    }
  }
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
    if (inCart + (item.quantity ?? 1) > MAX_LINE_QUANTITY) throw new ApiError(400, quantityCapMessage(inCart));
    const next = addLine(readGuest(), item);
    if (!next) throw new ApiError(400, "Your cart is full.");
    writeGuest(next);
    $cartItems.set(next);
    return;
  }
  const at = epoch;
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
  const at = epoch;
  const path = `/v2/carts?prod_id=${encodeURIComponent(line.productId)}`;
  await serial(async () => applyAnswer(await request("DELETE", path, { variant: line.variant }), at));
}

/** Empties the cart (guest: removes the stored cart; account: DELETE /v2/clear-cart). */
export async function clearCart(): Promise<void> {
  if ($cartMode.get() === "guest") {
    writeGuest([]);
    $cartItems.set([]);
    return;
  }
  const at = epoch;
  await serial(async () => applyAnswer(await request("DELETE", "/v2/clear-cart"), at));
}

/** Re-reads the cart (account: GET /v2/carts). Checkout calls it before showing the summary. */
export async function refreshCart(): Promise<void> {
  if ($cartMode.get() === "guest") {
    $cartItems.set(readGuest());
    return;
  }
  const at = epoch;
  await serial(async () => applyAnswer(await request("GET", "/v2/carts"), at, { changed: false }));
}

// ---------------------------------------------------------------------------------------------
// Sign-in and sign-out (SPEC §4)
// ---------------------------------------------------------------------------------------------

export type SignInOutcome = "server" | "merged" | "prompt" | "failed" | "superseded";

let signInRun: { token: string | null; promise: Promise<SignInOutcome> } | null = null;

/** Sends the guest lines to PUT /v2/carts-merge; see the file comment for why storage goes first. */
async function mergeGuest(guest: CartLine[], at: number): Promise<boolean> {
  writeGuest([]);
  try {
    const answer = await request("PUT", "/v2/carts-merge", { items: guest }, { keepalive: true });
    if (Array.isArray(answer.skipped) && answer.skipped.length > 0) console.warn("[cart] merge skipped lines", answer.skipped);
    applyAnswer(answer, at);
    return true;
  } catch (error) {
    console.error("[cart] merge failed", error); // SPEC §8: logged only
    if (readGuest().length === 0) writeGuest(guest); // keep the guest cart for the next attempt
    return false;
  }
}

async function syncAfterSignIn(at: number): Promise<SignInOutcome> {
  let account: CartAnswer;
  try {
    account = await request("GET", "/v2/carts");
  } catch (error) {
    console.error("[cart] fetching the account cart failed", error); // SPEC §8: logged only
    if (at === epoch) {
      $cartItems.set([]);
      $rememberedCount.set(null);
      forgetRemembered();
    }
    return "failed";
  }
  if (at !== epoch) return "superseded";
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
  if (token) signedInToken = token;
  const key = token ?? null;
  if (signInRun && signInRun.token === key && $cartMode.get() === "account") return signInRun.promise;
  const sub = sessionSubject(token ?? signedInToken);
  if (sub !== subject) $rememberedCount.set(null); // another user's remembered count is not shown
  subject = sub;
  const at = ++epoch;
  $cartMode.set("account");
  $cartLoading.set(true);
  const promise = serial(() => syncAfterSignIn(at)).finally(() => {
    if (at === epoch) $cartLoading.set(false);
  });
  signInRun = { token: key, promise };
  return promise;
}

/** Back to the guest cart after logout (the account cart stays on the server). */
export function onSignedOut(): void {
  epoch++;
  signedInToken = null;
  signInRun = null;
  subject = null;
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
  const at = epoch;
  return serial(() => {
    const stored = storage() ? readGuest() : prompt.guestItems;
    if (stored.length === 0) return Promise.resolve(true); // another tab merged it already
    return mergeGuest(stored, at);
  });
}

// ---------------------------------------------------------------------------------------------
// UI actions with SPEC §8 toasts
// ---------------------------------------------------------------------------------------------

/** Drawer's remove icon: '{name}' - 'Successfully Removed from cart' / 'Failed to remove from cart'. */
export async function removeLineAndNotify(line: Pick<CartLine, "productId" | "variant" | "product">): Promise<boolean> {
  try {
    await removeFromCart(line);
    showToast(CART_TOASTS.removed(line.product.name));
    return true;
  } catch (error) {
    console.error("[cart] remove failed", error);
    showToast(CART_TOASTS.removeFailed(line.product.name));
    return false;
  }
}

/** Drawer's refresh icon: 'Cart cleared' - 'Ready for new picks!' / 'Error!' - 'Failed to clear cart'. */
export async function clearCartAndNotify(): Promise<boolean> {
  try {
    await clearCart();
    showToast(CART_TOASTS.cleared);
    return true;
  } catch (error) {
    console.error("[cart] clear failed", error);
    showToast(CART_TOASTS.clearFailed);
    return false;
  }
}

export type AddProductResult =
  | { ok: true }
  | { ok: false; reason: "missing-choice" | "invalid-quantity" | "note-too-long" | "failed"; group?: string; message: string };

/** Chosen options as the product page holds them: group -> variant id, or the chosen Variant objects. */
export type ChosenVariants = Readonly<Record<string, string | null | undefined>> | readonly Pick<Variant, "id" | "name">[];

function choiceMap(chosen: ChosenVariants): Record<string, { id: string }> {
  const map: Record<string, { id: string }> = {};
  if (Array.isArray(chosen)) {
    for (const v of chosen as readonly Pick<Variant, "id" | "name">[]) map[v.name] = { id: v.id };
  } else {
    for (const [group, id] of Object.entries(chosen as Record<string, string | null | undefined>)) if (id) map[group] = { id };
  }
  return map;
}

/**
 * The product page's Add to cart (SPEC §2 Product detail): one choice per variant group, a whole
 * quantity from 1 to MAX_LINE_QUANTITY, an optional note of at most MAX_NOTE_LENGTH characters.
 * Shows 'Cart Updated!' on success and 'Error!' - '500: Cannot add product to cart!' on failure;
 * a missing choice or a bad quantity or note shows a warning and sends nothing.
 */
export async function addProductToCart(
  product: Pick<Product, "id" | "name" | "price" | "variants" | "images" | "weight" | "status">,
  chosen: ChosenVariants,
  quantity = 1,
  note = "",
): Promise<AddProductResult> {
  const choice = resolveChoice(product, choiceMap(chosen));
  if (!choice.ok) {
    const message = `Please choose a ${choice.group}.`;
    showToast({ type: "warning", title: "Choose an option", message });
    return { ok: false, reason: "missing-choice", group: choice.group, message };
  }
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    const message = `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}.`;
    showToast({ type: "warning", title: "Quantity", message });
    return { ok: false, reason: "invalid-quantity", message };
  }
  const productNote = note.trim();
  if (productNote.length > MAX_NOTE_LENGTH) {
    const message = `The note can be at most ${MAX_NOTE_LENGTH} characters.`;
    showToast({ type: "warning", title: "Note too long", message });
    return { ok: false, reason: "note-too-long", message };
  }
  if (product.status !== "active") {
    showToast(CART_TOASTS.addFailed);
    return { ok: false, reason: "failed", message: CART_TOASTS.addFailed.message };
  }
  const draft: CartItemDraft = {
    productId: product.id,
    variant: choice.variant as VariantChoice,
    quantity,
    price: product.price + choice.extra,
    product: { name: product.name, image: product.images[0]?.url ?? "", weight: product.weight },
    productNote,
  };
  try {
    await addToCart(draft);
    showToast(CART_TOASTS.added);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.message.startsWith("You already have")) {
      showToast({ type: "warning", title: "Quantity", message: error.message });
      return { ok: false, reason: "invalid-quantity", message: error.message };
    }
    console.error("[cart] add failed", error);
    showToast(CART_TOASTS.addFailed);
    return { ok: false, reason: "failed", message: CART_TOASTS.addFailed.message };
  }
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
      channel = new BroadcastChannel("cart");
      channel.onmessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; answer?: unknown } | null;
        if (data?.type !== "account-cart" || $cartMode.get() !== "account") return;
        const answer = toCartAnswer(data.answer);
        if (answer && answer.id === $cartId.get()) applyAnswer(answer, epoch, { broadcast: false });
      };
    } catch {
      channel = null;
    }
  }

  // Painted from the remembered count: the drawer needs the lines.
  $cartOpen.subscribe((open) => {
    if (open) needLines();
  });

  // SPEC §4: signed in only when both session cookies exist; the guest cart is not shown meanwhile.
  const token = readCookie(TOKEN_COOKIE);
  if (token && readCookie(USER_COOKIE)) {
    if (!resumeFromRemembered(token)) void onSignedIn(token);
  } else {
    forgetRemembered();
    $cartItems.set(readGuest());
  }
}

