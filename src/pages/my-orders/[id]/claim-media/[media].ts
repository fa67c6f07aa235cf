import { getMyClaimMedia } from "~/features/claims/claims.api";

export const GET = getMyClaimMedia;
