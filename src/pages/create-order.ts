import { postCreateOrder } from "~/features/checkout/checkout.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postCreateOrder });
