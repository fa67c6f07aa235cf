import { deleteCartLine, getCart, postCart } from "../../features/cart/cart.api";
import { methods } from "../../server/http";

export const { GET, POST, DELETE, ALL } = methods({
  GET: getCart,
  POST: postCart,
  DELETE: deleteCartLine,
});
