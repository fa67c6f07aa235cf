import { getHomeProductsHandler } from "~/features/catalogue/catalogue.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getHomeProductsHandler });
