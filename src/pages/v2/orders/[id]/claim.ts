import { postMyClaim } from "~/features/claims/claims.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("shopper-write", postMyClaim) });
