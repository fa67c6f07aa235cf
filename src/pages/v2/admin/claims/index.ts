import { getClaims } from "~/features/claims/claims-admin.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getClaims });
