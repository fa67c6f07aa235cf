/**
 * The cart's pure rules, shared by the browser store (cart-store.ts) and the server (cart.server.ts):
 * types (docs/product.md §3 Cart, Cart item), line identity, adding and merging lines, count and subtotal
 * (docs/product.md §4). The "one choice per variant group" rule is resolve-choice.ts; the schemas of the /v2/carts bodies and
 * answers are in cart.schema.ts (zod/mini, shared by the browser and the handlers).
 *
 * Amounts are integer paise. A line is identified by its product and its variant choice: the
 * canonical `variantKey` (the chosen variant ids, sorted) — the same key the database's unique index uses.
 */
import { MAX_QUANTITY } from "~/features/catalogue/variants";

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** Quantity of one line: a whole number from 1 to this. Summing (add, merge) caps at it. */
export const MAX_LINE_QUANTITY = MAX_QUANTITY;
/** Distinct lines one cart may hold. */
export const MAX_CART_LINES = 50;
/** Length of the optional note on a line. */
export const MAX_NOTE_LENGTH = 500;
/** Variant groups one line may name (far above any real product). */
export const MAX_VARIANT_GROUPS = 20;
/** The local storage key of the guest cart (docs/product.md §3). */
export const GUEST_CART_KEY = "cart";

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

import { choiceValues, type VariantChoice } from "~/lib/variant-choice";
import type { PersonalisedValue } from "~/lib/personalisation-types";
import { lineKey, personalisationKey } from "~/features/personalisation/personalisation";
export type { VariantChoice };

export interface CartProductSnapshot {
  name: string;
  /** Image URL ("" when the product has none). */
  image: string;
  /** Kilograms, 3 decimals. */
  weight: number;
}

/** One cart line as the API answers it and the guest cart stores it (docs/product.md §3 Cart item). */
export interface CartLine {
  /** Server: the row id. Guest: `guestLineId(productId, variantKey)`. */
  id: string;
  productId: string;
  product: CartProductSnapshot;
  variant: VariantChoice;
  quantity: number;
  /** Unit price in paise: base + chosen options. Decided by the server for account carts. */
  price: number;
  /** True when the line carries a note. */
  note: boolean;
  /** The note's text ("" when none). */
  productNote: string;
  /** A ready-made piece sold (or fewer left) since it was added (docs/decisions/0216); absent otherwise. */
  stockNote?: string;
  /** The filled personalisation fields (decision 0229; absent: none); part of the line's identity. */
  personalisation?: PersonalisedValue[];
}

/** What the product page hands to the cart: the body of POST /v2/carts (docs/product.md §7). */
export interface CartItemDraft {
  productId: string;
  variant: VariantChoice;
  /** Default 1. */
  quantity?: number;
  /** Unit price shown to the shopper; the server ignores it and prices the line itself. */
  price: number;
  product: CartProductSnapshot;
  productNote: string;
  /** The filled personalisation fields, as checked on the product page (the server checks again). */
  personalisation?: PersonalisedValue[];
}

/** The answer of every /v2/carts call. */
export interface CartAnswer {
  /** The cart's id (the user's cartId). */
  id: string;
  items: CartLine[];
  /** Sum of quantities. */
  count: number;
  /** Sum of price x quantity, paise. */
  subtotal: number;
}

/** PUT /v2/carts-merge also lists the guest lines it could not take (product gone, cart full...). */
export interface MergeAnswer extends CartAnswer {
  skipped: { productId: string; reason: string }[];
}

// ---------------------------------------------------------------------------------------------
// Line identity, count, subtotal
// ---------------------------------------------------------------------------------------------

/** Canonical key of a variant choice: the chosen ids, sorted, comma-joined ("" for none). */
export function variantKey(variant: Readonly<Record<string, { id: string }>>): string {
  return Object.values(variant)
    .map((option) => option.id)
    .sort()
    .join(",");
}

export function guestLineId(productId: string, key: string): string {
  return key ? `${productId}::${key}` : productId;
}

type LineIdentity = {
  productId: string;
  variant: Readonly<Record<string, { id: string }>>;
  personalisation?: readonly PersonalisedValue[];
};

/** A line's key: the variant choice, then its personalisation's (decision 0229). */
export function fullLineKey(line: Omit<LineIdentity, "productId">): string {
  return lineKey(variantKey(line.variant), personalisationKey(line.personalisation ?? []));
}

/**
 * Same product, same variant choice and same personalisation: the same line (docs/product.md §4;
 * different personalisation makes two lines, decision 0229).
 */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.productId === b.productId && fullLineKey(a) === fullLineKey(b);
}

/** docs/product.md §4: the count is the sum of item quantities. */
export function cartCount(items: readonly Pick<CartLine, "quantity">[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** docs/product.md §4: the subtotal is the sum of price times quantity (paise). */
export function cartSubtotal(items: readonly Pick<CartLine, "quantity" | "price">[]): number {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

export function lineTotal(line: Pick<CartLine, "quantity" | "price">): number {
  return line.price * line.quantity;
}

/** "Gloss", "A4 (8 x 12 in)": the chosen values, in the one order every screen uses (choiceValues). */
export function variantValues(variant: VariantChoice): string[] {
  return choiceValues(variant);
}

/**
 * Why an add is refused when the line would pass MAX_LINE_QUANTITY: the same words from the server
 * (400) and the guest cart, shown on the product page.
 */
export function quantityCapMessage(inCart: number): string {
  const room = Math.max(0, MAX_LINE_QUANTITY - inCart);
  return `You already have ${inCart} of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: ${room > 0 ? `add ${room} or fewer` : "you cannot add more"}.`;
}

/** Quantities add up, but never past MAX_LINE_QUANTITY (merging carts caps; adding refuses). */
export function addQuantities(a: number, b: number): number {
  return Math.min(MAX_LINE_QUANTITY, a + b);
}

/** When two lines become one, a non-empty newer note replaces the older; an empty one keeps it. */
export function mergedNote(existing: string, incoming: string): string {
  return incoming.trim() ? incoming.trim() : existing;
}

/** A draft (product page) as a guest cart line. */
export function draftToGuestLine(draft: CartItemDraft): CartLine {
  const productNote = draft.productNote.trim();
  return {
    id: guestLineId(draft.productId, fullLineKey(draft)),
    productId: draft.productId,
    product: { ...draft.product },
    variant: { ...draft.variant },
    quantity: draft.quantity ?? 1,
    price: draft.price,
    note: productNote !== "",
    productNote,
    ...(draft.personalisation?.length ? { personalisation: [...draft.personalisation] } : {}),
  };
}

/**
 * docs/product.md §4 (guest cart): adding the same product with the same variant choice raises that line's
 * quantity by the given quantity (default 1); anything else is appended as a new line.
 * Returns a new array; the input is not changed. A new line beyond MAX_CART_LINES is refused (null).
 */
/** How many of this product and variant choice the cart already holds (0 when none). */
export function quantityInCart(items: readonly CartLine[], draft: CartItemDraft): number {
  const incoming = draftToGuestLine(draft);
  return items.find((line) => sameLine(line, incoming))?.quantity ?? 0;
}

export function addLine(items: readonly CartLine[], draft: CartItemDraft): CartLine[] | null {
  const incoming = draftToGuestLine(draft);
  const index = items.findIndex((line) => sameLine(line, incoming));
  if (index === -1) {
    if (items.length >= MAX_CART_LINES) return null;
    return [...items, incoming];
  }
  const existing = items[index]!;
  const productNote = mergedNote(existing.productNote, incoming.productNote);
  const updated: CartLine = {
    ...existing,
    quantity: addQuantities(existing.quantity, incoming.quantity),
    price: incoming.price,
    product: incoming.product,
    productNote,
    note: productNote !== "",
  };
  return items.map((line, i) => (i === index ? updated : line));
}

/** Sets the quantity of the line with this product and variant choice (no-op when absent). */
export function setLineQuantity(
  items: readonly CartLine[],
  target: LineIdentity,
  quantity: number,
): CartLine[] {
  return items.map((line) => (sameLine(line, target) ? { ...line, quantity } : line));
}

/** Removes the line with this product and variant choice (no-op when absent). */
export function removeLine(items: readonly CartLine[], target: LineIdentity): CartLine[] {
  return items.filter((line) => !sameLine(line, target));
}

export interface MergeLinesResult<T> {
  lines: T[];
  /** Incoming lines that did not fit (new lines past `maxLines`). */
  overflow: T[];
}

/**
 * docs/product.md §4 'Merge Carts': lines with the same product and variant sum their quantities (capped at
 * MAX_LINE_QUANTITY); the others are appended in the order they come. The existing lines keep their
 * order and identity; a non-empty incoming note replaces the existing one. Pure; used by the server's
 * PUT /v2/carts-merge and by tests.
 */
export function mergeLines<
  T extends {
    productId: string;
    variant: VariantChoice;
    quantity: number;
    productNote: string;
    personalisation?: readonly PersonalisedValue[];
  },
>(existing: readonly T[], incoming: readonly T[], maxLines = MAX_CART_LINES): MergeLinesResult<T> {
  const lines = existing.map((line) => ({ ...line }));
  const overflow: T[] = [];
  for (const item of incoming) {
    const match = lines.find((line) => sameLine(line, item));
    if (match) {
      match.quantity = addQuantities(match.quantity, item.quantity);
      match.productNote = mergedNote(match.productNote, item.productNote);
      continue;
    }
    if (lines.length >= maxLines) {
      overflow.push(item);
      continue;
    }
    lines.push({ ...item, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity) });
  }
  return { lines, overflow };
}

/** Builds the answer shape from lines (server) or checks a guest cart's totals. */
export function toAnswer(id: string, items: CartLine[]): CartAnswer {
  return { id, items, count: cartCount(items), subtotal: cartSubtotal(items) };
}

// ---------------------------------------------------------------------------------------------
// Texts (docs/product.md §2, §8), verbatim
// ---------------------------------------------------------------------------------------------

export const CART_TEXTS = {
  empty: "Your cart is empty.",
  mergeTitle: "Merge Your Cart?",
  mergeBody:
    "You have items in your guest cart and also in your account cart. Do you want to merge them?",
  keepAccount: "Keep Account Cart",
  mergeCarts: "Merge Carts",
} as const;

export const CART_TOASTS = {
  cleared: { type: "success", title: "Cart cleared", message: "Ready for new picks!" },
  clearFailed: { type: "error", title: "Error!", message: "Failed to clear cart" },
  removed: (name: string) =>
    ({ type: "success", title: name, message: "Successfully Removed from cart" }) as const,
  removeFailed: (name: string) =>
    ({ type: "error", title: name, message: "Failed to remove from cart" }) as const,
  added: { type: "success", title: "Cart Updated!" },
  quantityFailed: (name: string) =>
    ({ type: "error", title: name, message: "The quantity could not be changed." }) as const,
  addFailed: { type: "error", title: "Error!", message: "500: Cannot add product to cart!" },
} as const;
