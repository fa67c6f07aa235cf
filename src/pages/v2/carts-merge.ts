import { mergeCart } from "../../features/cart/cart.api";
import { methods } from "../../server/http";

export const { PUT, ALL } = methods({ PUT: mergeCart });
