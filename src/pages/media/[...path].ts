import { getMedia } from "../../features/media/media.api";
import { methods } from "../../server/http";

export const { GET, ALL } = methods({ GET: getMedia });
