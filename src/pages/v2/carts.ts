import { deleteCartLine, getCart, patchCartLine, postCart } from "../../features/cart/cart.api";
import { methods } from "../../server/http";

export const { GET, POST, PATCH, DELETE, ALL } = methods({
  GET: getCart,
  POST: postCart,
  PATCH: patchCartLine,
  DELETE: deleteCartLine,
});
