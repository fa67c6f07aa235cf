import { getMyData } from "../../../features/privacy/privacy.api";
import { methods } from "../../../server/http";

export const { GET, ALL } = methods({ GET: getMyData });
