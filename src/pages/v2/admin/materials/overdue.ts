import { getOverdueParcels } from "~/features/made-to-order/materials.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getOverdueParcels });
