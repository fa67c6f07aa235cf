/** The guest cart in localStorage, and the browser storage the cart uses, every access guarded (SSR, privacy settings). */
import { $cartItems, $cartMode } from "./cart-state";
import {
  addLine,
  GUEST_CART_KEY,
  guestLineId,
  MAX_NOTE_LENGTH,
  fullLineKey,
  type CartLine,
} from "./cart";
import { toCartLine } from "./cart.schema";

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

/**
 * Reads the guest cart from its stored JSON (`{ items: [...] }`, or a bare list from older
 * versions). Lines that do not parse are dropped, so a damaged entry never breaks the page.
 */
export function parseGuestCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === "object"
      ? (data as { items?: unknown }).items
      : undefined;
  if (!Array.isArray(list)) return [];
  const lines: CartLine[] = [];
  for (const entry of list) {
    const line = toCartLine(entry);
    if (!line) continue;
    const productNote = line.productNote.trim().slice(0, MAX_NOTE_LENGTH);
    const normalised: CartLine = {
      ...line,
      id: guestLineId(line.productId, fullLineKey(line)),
      productNote,
      note: productNote !== "",
    };
    const fit = addLine(lines, normalised);
    if (fit) lines.splice(0, lines.length, ...fit);
  }
  return lines;
}

export function serialiseGuestCart(items: readonly CartLine[]): string {
  return JSON.stringify({ items });
}
