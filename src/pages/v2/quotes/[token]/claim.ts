import { postQuoteClaim } from "~/features/claims/claims.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("quote-link", postQuoteClaim) });
