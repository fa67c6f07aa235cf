import { getProductsHandler } from "../../../features/catalogue/catalogue.handlers.server";
import { methods } from "../../../server/http";

export const { GET, ALL } = methods({ GET: getProductsHandler });
