import { getOrderMaterials, postMaterialsReceived } from "~/features/made-to-order/materials.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getOrderMaterials, POST: postMaterialsReceived });
