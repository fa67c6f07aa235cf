/** The Settings screen's product feeds call (docs/decisions/0243-product-feeds.md). */
import { adminGet } from "~/features/admin/shell/admin-api";
import type { FeedSummary } from "~/features/feeds/feeds";

export function fetchFeedSummary(signal?: AbortSignal): Promise<FeedSummary> {
  return adminGet<FeedSummary>("/v2/admin/feeds", { signal });
}
