/**
 * HTTP handlers of the cart calls (docs/product.md §7 Cart). Every call needs a bearer token (`requireUser`),
 * parses its input with zod before anything is written (400 `{ error }`), and answers the cart:
 * `{ id, items: [{ id, productId, product: { name, image, weight }, variant, quantity, price, note,
 * productNote }], count, subtotal }` (amounts leave as rupees through json()). The route files under src/pages/v2/ only wire these.
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { json, parseJsonBody, parseWith, readBodyText, readJson, readQuery } from "~/server/http";
import { guestKeyHash } from "~/features/personalisation/photo-access.server";
import { cartItemInput, mergeInput, quantityBody, removeBody, removeQuery } from "./cart.schema";
import {
  addItemFor,
  clearCartFor,
  getCartFor,
  mergeItemsFor,
  removeItemFor,
  setQuantityFor,
} from "./cart.server";

/** Body caps (413 past them, see readJson): one line is well under 2 KB; a merge carries at most 100 lines. */
const MAX_ITEM_BYTES = 16 * 1024;
const MAX_MERGE_BYTES = 256 * 1024;

/** GET /v2/carts */
export async function getCart(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  return json(await getCartFor(user.uid));
}

/** POST /v2/carts: body { productId, variant, quantity, productNote } (price, product, note are ignored). */
export async function postCart(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const input = await readJson(context.request, cartItemInput, MAX_ITEM_BYTES);
  return json(await addItemFor(user.uid, input));
}

/** DELETE /v2/carts?prod_id={id}: body { variant, personalisation } names the line; no body means no variant. */
export async function deleteCartLine(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const { prod_id } = readQuery(context.url, removeQuery);
  const text = await readBodyText(context.request, MAX_ITEM_BYTES);
  const body = text.trim() ? parseJsonBody(text) : {};
  const { variant, personalisation } = parseWith(removeBody, body);
  return json(await removeItemFor(user.uid, prod_id, variant, personalisation));
}

/** PATCH /v2/carts?prod_id={id}: body { variant, quantity } sets that line's quantity. */
export async function patchCartLine(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const { prod_id } = readQuery(context.url, removeQuery);
  const { variant, quantity, personalisation } = await readJson(
    context.request,
    quantityBody,
    MAX_ITEM_BYTES,
  );
  return json(await setQuantityFor(user.uid, prod_id, variant, quantity, personalisation));
}

/** DELETE /v2/clear-cart */
export async function clearCart(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  return json(await clearCartFor(user.uid));
}

/** PUT /v2/carts-merge: body { items: [...] } (the guest cart); answers the cart plus `skipped`. */
export async function mergeCart(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const { items } = await readJson(context.request, mergeInput, MAX_MERGE_BYTES);
  return json(await mergeItemsFor(user.uid, items, guestKeyHash(context.cookies)));
}
