/**
 * The cart's UI actions, with docs/product.md §8's toasts (the mutators in cart-store.ts show none, so
 * checkout can clear the cart silently).
 */
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import type { Product, Variant } from "~/features/catalogue/catalogue";
import {
  CART_TOASTS,
  MAX_LINE_QUANTITY,
  MAX_NOTE_LENGTH,
  type CartItemDraft,
  type CartLine,
  type VariantChoice,
} from "./cart";
import { resolveChoice } from "./resolve-choice";
import {
  addOnPrice,
  toPersonalised,
  type PersonalisationValues,
} from "~/features/personalisation/personalisation";
import { addToCart, changeQuantity, clearCart, removeFromCart } from "./cart-store";

/** Drawer's remove icon: '{name}' - 'Successfully Removed from cart' / 'Failed to remove from cart'. */
export async function removeLineAndNotify(
  line: Pick<CartLine, "productId" | "variant" | "product" | "personalisation">,
): Promise<boolean> {
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

/** Drawer's − and +: the new quantity, or the toast '{name}' - 'The quantity could not be changed.'. */
export async function changeQuantityAndNotify(
  line: Pick<CartLine, "productId" | "variant" | "product" | "personalisation">,
  quantity: number,
): Promise<boolean> {
  try {
    await changeQuantity(line, quantity);
    return true;
  } catch (error) {
    console.error("[cart] quantity change failed", error);
    showToast(CART_TOASTS.quantityFailed(line.product.name));
    return false;
  }
}

/** Drawer's clear (after its confirmation): 'Cart cleared' - 'Ready for new picks!' / 'Error!' - 'Failed to clear cart'. */
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
  | {
      ok: false;
      reason: "missing-choice" | "invalid-quantity" | "note-too-long" | "failed";
      group?: string;
      message: string;
    };

/** Chosen options as the product page holds them: group -> variant id, or the chosen Variant objects. */
export type ChosenVariants =
  | Readonly<Record<string, string | null | undefined>>
  | readonly Pick<Variant, "id" | "name">[];

function choiceMap(chosen: ChosenVariants): Record<string, { id: string }> {
  const map: Record<string, { id: string }> = {};
  if (Array.isArray(chosen)) {
    for (const v of chosen as readonly Pick<Variant, "id" | "name">[]) map[v.name] = { id: v.id };
  } else {
    for (const [group, id] of Object.entries(chosen as Record<string, string | null | undefined>))
      if (id) map[group] = { id };
  }
  return map;
}

/**
 * The product page's Add to cart (docs/product.md §2 Product detail): one choice per variant group, a whole
 * quantity from 1 to MAX_LINE_QUANTITY, an optional note of at most MAX_NOTE_LENGTH characters.
 * Shows 'Cart Updated!' on success and 'Error!' - '500: Cannot add product to cart!' on failure;
 * a missing choice or a bad quantity or note shows a warning and sends nothing.
 */
export async function addProductToCart(
  product: Pick<Product, "id" | "name" | "price" | "variants" | "images" | "weight" | "status"> &
    Pick<Partial<Product>, "personalisation">,
  chosen: ChosenVariants,
  quantity = 1,
  note = "",
  personalisation: PersonalisationValues = {},
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
  const fields = product.personalisation ?? [];
  if (product.status !== "active") {
    showToast(CART_TOASTS.addFailed);
    return { ok: false, reason: "failed", message: CART_TOASTS.addFailed.message };
  }
  const draft: CartItemDraft = {
    productId: product.id,
    variant: choice.variant as VariantChoice,
    quantity,
    price: product.price + choice.extra + addOnPrice(fields, personalisation),
    product: { name: product.name, image: product.images[0]?.url ?? "", weight: product.weight },
    productNote,
    personalisation: toPersonalised(fields, personalisation),
  };
  try {
    await addToCart(draft);
    showToast(CART_TOASTS.added);
    return { ok: true };
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 400 &&
      error.message.startsWith("You already have")
    ) {
      showToast({ type: "warning", title: "Quantity", message: error.message });
      return { ok: false, reason: "invalid-quantity", message: error.message };
    }
    if (error instanceof ApiError && error.status === 400 && fields.length > 0) {
      // The server's check of the personalisation (the same schema the page ran): its sentence.
      showToast({ type: "warning", title: "Personalisation", message: error.message });
      return { ok: false, reason: "failed", message: error.message };
    }
    console.error("[cart] add failed", error);
    showToast(CART_TOASTS.addFailed);
    return { ok: false, reason: "failed", message: CART_TOASTS.addFailed.message };
  }
}
