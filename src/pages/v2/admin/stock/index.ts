import { getStockList } from "~/features/stock/stock.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getStockList });
