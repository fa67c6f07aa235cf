import { postMyMaterialsSent } from "~/features/made-to-order/materials.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("shopper-write", postMyMaterialsSent) });
