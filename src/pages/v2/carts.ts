import { deleteCartLine, getCart, postCart } from "../../features/cart/cart.api";
import { methods } from "../../server/http";
import { limited } from "../../server/limited.server";

export const { GET, POST, DELETE, ALL } = methods({
  GET: getCart,
  POST: limited("cart", postCart),
  DELETE: limited("cart", deleteCartLine),
});
