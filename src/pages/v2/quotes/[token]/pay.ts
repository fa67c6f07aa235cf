import { postPayQuote } from "~/features/checkout/quote-pay.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postPayQuote });
