import { mergeCart } from "../../features/cart/cart.handlers.server";
import { methods } from "../../server/http";

export const { PUT, ALL } = methods({ PUT: mergeCart });
