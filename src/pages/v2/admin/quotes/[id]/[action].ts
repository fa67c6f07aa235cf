import { postQuoteAction } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

/** send, revise, withdraw */
export const { POST, ALL } = methods({ POST: postQuoteAction });
