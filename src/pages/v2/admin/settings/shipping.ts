import { getShippingSettings, putShippingSettings } from "~/features/shipping/settings.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getShippingSettings, PUT: putShippingSettings });
