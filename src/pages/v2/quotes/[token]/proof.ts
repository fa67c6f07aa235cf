import { postQuoteProofAnswer } from "~/features/custom/custom.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("quote-link", postQuoteProofAnswer) });
