import { clearCart } from "~/features/cart/cart.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { DELETE, ALL } = methods({ DELETE: limited("cart", clearCart) });
