import { postLogin } from "~/features/account/account.api";
import { cartAtSignIn } from "~/features/cart/cart-at-sign-in.server";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

// The cart rides on the login's answer (docs/decisions/0290-sign-up-in-one-round-trip.md).
export const { POST, ALL } = methods({
  POST: limited("account", (context) => postLogin(context, cartAtSignIn)),
});
