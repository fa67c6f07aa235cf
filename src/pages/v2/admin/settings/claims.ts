import { getClaimSettings, putClaimSettings } from "~/features/claims/claims-admin.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getClaimSettings, PUT: putClaimSettings });
