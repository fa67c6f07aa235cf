import { postProduct } from "../../../features/admin/admin.api";
import { getProductsHandler } from "../../../features/catalogue/catalogue.api";
import { methods } from "../../../server/http";

export const { GET, POST, ALL } = methods({ GET: getProductsHandler, POST: postProduct });
