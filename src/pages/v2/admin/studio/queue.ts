import { getStudioQueue } from "~/features/made-to-order/studio.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getStudioQueue });
