import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { getShipments, postShipment } from "~/features/shipping/shipments.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({
  GET: getShipments,
  POST: (context) => postShipment(context, dispatchHolds),
});
