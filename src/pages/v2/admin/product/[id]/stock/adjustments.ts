import { postStockAdjustment } from "~/features/stock/stock.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postStockAdjustment });
