import { getProductStock, putProductStock } from "~/features/stock/stock.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getProductStock, PUT: putProductStock });
