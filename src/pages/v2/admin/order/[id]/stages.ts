import { getOrderStages, postOrderStage } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getOrderStages, POST: postOrderStage });
