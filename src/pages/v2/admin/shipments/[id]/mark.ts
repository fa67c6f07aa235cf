import { postMark } from "../../../../../features/shipping/shipments.api";
import { methods } from "../../../../../server/http";

export const { POST, ALL } = methods({ POST: postMark });
