import { mergeCart } from "~/features/cart/cart.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { PUT, ALL } = methods({ PUT: limited("cart", mergeCart) });
