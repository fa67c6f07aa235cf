import { clearCart } from "../../features/cart/cart.api";
import { methods } from "../../server/http";

export const { DELETE, ALL } = methods({ DELETE: clearCart });
