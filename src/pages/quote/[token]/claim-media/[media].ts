import { getQuoteClaimMedia } from "~/features/claims/claims.api";

export const GET = getQuoteClaimMedia;
