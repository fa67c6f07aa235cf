import { clearCart } from "../../features/cart/cart.handlers.server";
import { methods } from "../../server/http";

export const { DELETE, ALL } = methods({ DELETE: clearCart });
