import { getStudioSettings, putStudioSettings } from "~/features/made-to-order/studio.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getStudioSettings, PUT: putStudioSettings });
