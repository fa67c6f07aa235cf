import { getQuotePhoto } from "~/features/custom/quote-photos.api";

export const GET = getQuotePhoto;
