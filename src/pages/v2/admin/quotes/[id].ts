import { putQuote } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

export const { PUT, ALL } = methods({ PUT: putQuote });
