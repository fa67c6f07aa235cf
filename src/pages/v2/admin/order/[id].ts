import { getAdminOrder, putOrderStatus } from "~/features/admin/orders/orders-admin.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getAdminOrder, PUT: putOrderStatus });
