import { postQuotePhotos } from "~/features/custom/quote-photos.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("quote-link", postQuotePhotos) });
