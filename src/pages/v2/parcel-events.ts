// Shiprocket's tracking webhook. The path must not contain "shiprocket", "kartrocket", "sr" or "kr"
// (Shiprocket refuses such URLs; docs/shipping.md).
import { postParcelEvent } from "../../features/shipping/parcel-events.api";
import { methods } from "../../server/http";

export const { POST, ALL } = methods({ POST: postParcelEvent });
