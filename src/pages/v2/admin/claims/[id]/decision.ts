import { postClaimDecision } from "~/features/claims/claims-admin.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postClaimDecision });
