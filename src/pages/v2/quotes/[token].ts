import { getPublicQuote } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getPublicQuote });
