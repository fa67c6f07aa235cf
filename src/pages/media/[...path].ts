import { getMedia } from "~/features/media/media.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getMedia });
/** HEAD answers GET's headers (Astro drops the body); caches and link checkers ask with it. */
export const HEAD = GET;
