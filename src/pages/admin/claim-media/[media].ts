import { getAdminClaimMedia } from "~/features/claims/claims-admin.api";

export const GET = getAdminClaimMedia;
