import { getAudit } from "~/features/admin/audit/audit.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getAudit });
