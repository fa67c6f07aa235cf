import { postParcelSeen } from "~/features/shipping/parcel-alerts.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postParcelSeen });
