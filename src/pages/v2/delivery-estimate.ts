import { getDeliveryEstimate } from "../../features/shipping/estimate.api";
import { methods } from "../../server/http";

export const { GET, ALL } = methods({ GET: getDeliveryEstimate });
