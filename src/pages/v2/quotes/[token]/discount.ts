import { postQuoteCode } from "~/features/checkout/quote-pay.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("discount-check", postQuoteCode) });
