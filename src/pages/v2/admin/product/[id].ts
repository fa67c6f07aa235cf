import { getAdminProduct } from "~/features/admin/products/products.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getAdminProduct });
