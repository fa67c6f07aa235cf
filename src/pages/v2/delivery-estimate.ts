import { getDeliveryEstimate } from "~/features/shipping/estimate.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { GET, ALL } = methods({ GET: limited("delivery-estimate", getDeliveryEstimate) });
