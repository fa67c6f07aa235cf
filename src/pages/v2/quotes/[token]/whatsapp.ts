import { postQuoteWhatsapp } from "~/features/custom/quote-whatsapp.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("quote-link", postQuoteWhatsapp) });
