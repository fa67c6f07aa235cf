import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { postMark } from "~/features/shipping/shipments.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: (context) => postMark(context, dispatchHolds) });
