import { getAllOrders } from "~/features/admin/orders/orders-admin.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getAllOrders });
