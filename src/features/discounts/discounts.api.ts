/**
 * The shopper's discount code call (docs/product.md "Discount codes"): POST /v2/discounts/check
 * { code } prices the code against the caller's server cart, writes nothing and holds no use; the
 * order is priced again by POST /create-order (docs/decisions/0095-discount-codes.md).
 * Answers { code, subtotal, discount, total } (rupees on the wire), or 400 { error } with the
 * one-sentence reason.
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, readJson } from "~/server/http";
import { getCartFor } from "~/features/cart/cart.server";
import { priceCode } from "./discount-pricing.server";
import { checkCodeBody } from "./discount-schema";

/** What the summary shows for a code (paise here; json() sends rupees). */
export interface CodeCheckAnswer {
  code: string;
  subtotal: number;
  discount: number;
  total: number;
}

/** POST /v2/discounts/check */
export async function postCheckCode(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const { code } = await readJson(context.request, checkCodeBody, 4 * 1024);
  const cart = await getCartFor(user.uid);
  if (cart.items.length === 0)
    throw new HttpError(400, "Your cart is empty: add a product before using a code.");
  const lines = cart.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    pricePaise: item.price,
  }));
  const priced = await priceCode(await getDb(), {
    code,
    userId: user.uid,
    lines,
    paying: "cart",
    now: new Date(),
    lock: false,
  });
  const answer: CodeCheckAnswer = {
    code: priced.code,
    subtotal: cart.subtotal,
    discount: priced.discountPaise,
    total: cart.subtotal - priced.discountPaise,
  };
  return json(answer);
}
