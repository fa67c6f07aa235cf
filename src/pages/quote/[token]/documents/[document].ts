import { getQuoteDocument } from "~/features/checkout/quote-documents.api";

export const GET = getQuoteDocument;
