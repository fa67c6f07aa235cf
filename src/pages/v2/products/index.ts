import { postProduct } from "~/features/admin/products/products.api";
import { getProductsHandler } from "~/features/catalogue/catalogue.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getProductsHandler, POST: postProduct });
