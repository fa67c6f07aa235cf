import { postRegister } from "~/features/account/account.api";
import { cartAtSignIn } from "~/features/cart/cart-at-sign-in.server";
import { methods } from "~/server/http";

// The cart rides on the sign-up's answer (docs/decisions/0290-sign-up-in-one-round-trip.md).
export const { POST, ALL } = methods({ POST: (context) => postRegister(context, cartAtSignIn) });
