import { getInquiryQuotes, postInquiryQuote } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getInquiryQuotes, POST: postInquiryQuote });
