import { getParcelAlerts } from "~/features/shipping/parcel-alerts.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getParcelAlerts });
