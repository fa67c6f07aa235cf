import { getFeedSummary } from "~/features/feeds/feeds.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getFeedSummary });
