import { getAllProducts } from "../../../features/admin/admin.api";
import { methods } from "../../../server/http";

export const { GET, ALL } = methods({ GET: getAllProducts });
