import { deleteCartLine, getCart, patchCartLine, postCart } from "~/features/cart/cart.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { GET, POST, PATCH, DELETE, ALL } = methods({
  GET: getCart,
  POST: limited("cart", postCart),
  PATCH: limited("cart", patchCartLine),
  DELETE: limited("cart", deleteCartLine),
});
