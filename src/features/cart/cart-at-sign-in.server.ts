/**
 * The cart answered by the shop's sign-in call itself (POST /v2/auth/register and /login, wired in
 * their route files; docs/decisions/0290-sign-up-in-one-round-trip.md): the browser sends the
 * guest cart's lines as the body's `cart`, and gets the account cart back in the same round trip,
 * with the guest lines merged when the account cart was empty (docs/product.md §4 'Merge Carts').
 * When both hold lines nothing is merged here: `merged: false`, and the browser asks the shopper
 * (MergeCartModal), as after a separate GET /v2/carts.
 */
import type { APIContext } from "astro";
import type { z } from "zod/mini";
import type { SignInPart } from "~/features/account/account.api";
import { guestKeyHash } from "~/features/personalisation/photo-access.server";
import type { CartAnswer } from "./cart";
import { mergeInput } from "./cart.schema";
import { getCartFor, mergeItemsFor } from "./cart.server";

/** The body's cap for a merge (as PUT /v2/carts-merge): 100 lines, well under 2 KB each. */
const MAX_MERGE_BYTES = 256 * 1024;

export type SignInCart = CartAnswer & { merged: boolean; skipped?: unknown };

async function answerCart(
  uid: string,
  { items }: z.output<typeof mergeInput>,
  context: APIContext,
): Promise<SignInCart> {
  const account = await getCartFor(uid);
  if (items.length === 0 || account.items.length > 0) return { ...account, merged: false };
  return { ...(await mergeItemsFor(uid, items, guestKeyHash(context.cookies))), merged: true };
}

export const cartAtSignIn: SignInPart<z.output<typeof mergeInput>> = {
  key: "cart",
  schema: mergeInput,
  maxBytes: MAX_MERGE_BYTES,
  answer: answerCart,
};
