// Shiprocket's tracking webhook. The path must not contain "shiprocket", "kartrocket", "sr" or "kr"
// (Shiprocket refuses such URLs; docs/shipping.md).
import { dispatchHolds } from "~/features/made-to-order/dispatch-holds.server";
import { postParcelEvent } from "~/features/shipping/parcel-events.api";
import { methods } from "~/server/http";

// The dispatch rule is made-to-order's (docs/decisions/0130-one-dispatch-rule.md).
export const { POST, ALL } = methods({
  POST: (context) => postParcelEvent(context, dispatchHolds),
});
