import { getShipments, postShipment } from "../../../../../features/shipping/shipments.api";
import { methods } from "../../../../../server/http";

export const { GET, POST, ALL } = methods({ GET: getShipments, POST: postShipment });
