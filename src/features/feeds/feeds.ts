/**
 * The feeds' shared names (browser and server): which feeds there are, where they live, and what
 * the owner's Settings panel is told about them (docs/decisions/0243-product-feeds.md).
 */
export type FeedKind = "google" | "meta";

export const FEED_PATHS: Record<FeedKind, string> = {
  google: "/feeds/google.xml",
  meta: "/feeds/meta.csv",
};

/** Where each address is pasted, as the Settings panel says it. */
export const FEED_PLACES: Record<FeedKind, string> = {
  google:
    "In Google Merchant Center, add a product source that fetches a file from a link, daily, and paste this address.",
  meta: "In Meta Commerce Manager, open the catalogue's data sources, add items with a scheduled data feed and paste this address.",
};

export interface FeedSummary {
  feeds: { kind: FeedKind; url: string }[];
  /** Active products, and those listed (the others have no JPEG, PNG, WebP or GIF photo). */
  activeProducts: number;
  listedProducts: number;
  items: number;
  /** The names of the active products left out (at most 20). */
  leftOut: string[];
}
