import { getNeededByList } from "~/features/made-to-order/needed-by.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getNeededByList });
