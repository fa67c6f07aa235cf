/**
 * The cart count shown on the top bar and the mobile bar (SPEC §4: the sum of item quantities),
 * and the cart buttons, which dispatch `window` CustomEvent("cart:open") for the cart drawer.
 * Framework-free so content-only pages stay without React.
 *
 * Source of the count, in order:
 *   1. `src/features/cart/cart-store.ts` when it exists (owned by the cart work): its exported
 *      nanostore `$cartCount` (a number) or, failing that, any exported store holding the cart
 *      (`{ items }` or an array of items). Looked up with import.meta.glob, so a missing file is fine.
 *   2. Otherwise the guest cart in localStorage under `cart` (`{ items: [{ quantity }] }` or an
 *      array of items), refreshed on the `storage` event (other tabs) and on a `cart:changed`
 *      window event (this tab).
 */

/** Sum of quantities of a cart value: a number, an array of items, or `{ items: [...] }`. */
export function countItems(cart: unknown): number {
  if (typeof cart === "number") return Number.isFinite(cart) && cart > 0 ? Math.floor(cart) : 0;
  const items = Array.isArray(cart)
    ? cart
    : cart && typeof cart === "object" && Array.isArray((cart as { items?: unknown }).items)
      ? (cart as { items: unknown[] }).items
      : [];
  let total = 0;
  for (const item of items) {
    const q = Number((item as { quantity?: unknown } | null)?.quantity);
    if (Number.isFinite(q) && q > 0) total += Math.floor(q);
  }
  return total;
}

/** Count of the raw localStorage value (null, malformed JSON and odd shapes count 0). */
export function countFromStorage(raw: string | null): number {
  if (!raw) return 0;
  try {
    return countItems(JSON.parse(raw));
  } catch {
    return 0;
  }
}

export const CART_STORAGE_KEY = "cart";

type Store = { subscribe: (cb: (value: unknown) => void) => () => void };
const isStore = (v: unknown): v is Store => !!v && typeof (v as Store).subscribe === "function";

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

function fromLocalStorage(): void {
  const read = () => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(CART_STORAGE_KEY);
    } catch {
      /* storage blocked: count 0 */
    }
    paintCount(countFromStorage(raw));
  };
  read();
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) read();
  });
  window.addEventListener("cart:changed", read);
}

async function fromCartStore(): Promise<boolean> {
  const modules = import.meta.glob<Record<string, unknown>>("../../features/cart/cart-store.ts");
  const load = Object.values(modules)[0];
  if (!load) return false;
  try {
    const mod = await load();
    const entries = Object.entries(mod).filter(([, v]) => isStore(v));
    const store = entries.find(([name]) => /count/i.test(name)) ?? entries.find(([name]) => /cart/i.test(name));
    if (!store) return false;
    (store[1] as Store).subscribe((value) => paintCount(countItems(value)));
    return true;
  } catch (error) {
    console.warn("[cart-badge] cart store failed to load; using localStorage", error);
    return false;
  }
}

let started = false;

/** Starts the badges and cart buttons once per page. */
export function startCartBadge(): void {
  if (started) return;
  started = true;
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-cart-open]") : null;
    if (!button) return;
    event.preventDefault();
    window.dispatchEvent(new CustomEvent("cart:open"));
  });
  void fromCartStore().then((ok) => {
    if (!ok) fromLocalStorage();
  });
}
