import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { postBook } from "~/features/shipping/shipments.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: (context) => postBook(context, dispatchHolds) });
