import { getDataRequests } from "~/features/admin/data-requests/data-requests.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getDataRequests });
