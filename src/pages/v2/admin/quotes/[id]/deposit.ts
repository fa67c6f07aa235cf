import { getQuoteDeposit, putQuoteDeposit } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getQuoteDeposit, PUT: putQuoteDeposit });
