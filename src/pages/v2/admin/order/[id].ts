import { getAdminOrder, putOrderStatus } from "../../../../features/admin/admin.api";
import { methods } from "../../../../server/http";

export const { GET, PUT, ALL } = methods({ GET: getAdminOrder, PUT: putOrderStatus });
