import { getOrderCounts } from "../../../features/admin/admin.api";
import { methods } from "../../../server/http";

export const { GET, ALL } = methods({ GET: getOrderCounts });
