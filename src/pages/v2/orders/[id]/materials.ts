import { postMyMaterialsSent } from "../../../../features/made-to-order/materials.api";
import { methods } from "../../../../server/http";

export const { POST, ALL } = methods({ POST: postMyMaterialsSent });
