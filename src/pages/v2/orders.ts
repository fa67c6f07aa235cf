import { getMyOrders } from "~/features/orders/orders.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getMyOrders });
