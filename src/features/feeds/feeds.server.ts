/**
 * The feeds' bodies, kept like the catalogue API's answers (docs/decisions/0040-catalogue-cache.md,
 * 0243-product-feeds.md): read once per catalogue version in one snapshot, written, compressed and
 * given a content ETag once, then sent from memory. The shop's name (the brand) and address are
 * part of the key, so a change of either makes a new body without a catalogue write.
 */
import type { DbOrTx } from "~/server/db/client";
import { encodeBody, encodedSize, type EncodedBody } from "~/server/encoded-body.server";
import { shopIdentity } from "~/server/shop-identity.server";
import { shopConfig } from "~/server/shop-config";
import type { Product } from "~/features/catalogue/catalogue";
import { listProducts } from "~/features/catalogue/catalogue.server";
import { readCatalogue, type Versioned } from "~/features/catalogue/catalogue-store.server";
import { type FeedContext, type FeedItem, feedItems } from "./feed-items";
import { googleFeed } from "./google-feed";
import { FEED_PATHS, type FeedKind, type FeedSummary } from "./feeds";
import { metaFeed } from "./meta-feed";

export type { FeedKind };

/** Active products are read this many at a time. */
const PAGE = 500;

export const FEED_TYPES: Record<FeedKind, string> = {
  google: "application/rss+xml; charset=utf-8",
  meta: "text/csv; charset=utf-8",
};

/** Every active product, newest first (the storefront's order). */
export async function activeProducts(tx: DbOrTx): Promise<Product[]> {
  const all: Product[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await listProducts(tx, {
      limit: PAGE,
      offset,
      status: "active",
      includeCost: false,
    });
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

async function feedContext(): Promise<FeedContext & { name: string }> {
  const shop = await shopIdentity();
  return { siteUrl: shopConfig().siteUrl, brand: shop.name, name: shop.name };
}

function bodyOf(kind: FeedKind, items: FeedItem[], context: FeedContext & { name: string }) {
  return kind === "google"
    ? googleFeed(items, { name: context.name, siteUrl: context.siteUrl })
    : metaFeed(items);
}

/** The feed's encoded body for the current catalogue. */
export async function feedAnswer(db: DbOrTx, kind: FeedKind): Promise<Versioned<EncodedBody>> {
  const context = await feedContext();
  return readCatalogue(db, `feed:${kind}:${context.siteUrl}:${context.brand}`, activeProducts, {
    finish: (products) => {
      const items = products.flatMap((product) => feedItems(product, context));
      return encodeBody([Buffer.from(bodyOf(kind, items, context))]);
    },
    sizeOf: encodedSize,
  });
}

/** What the owner's Settings show: the addresses to paste and what the feeds hold now. */
export async function feedSummary(db: DbOrTx): Promise<FeedSummary> {
  const context = await feedContext();
  const products = await activeProducts(db);
  const counts = products.map((product) => feedItems(product, context).length);
  const leftOut = products.filter((_, i) => counts[i] === 0).map((p) => p.name);
  return {
    feeds: (Object.keys(FEED_PATHS) as FeedKind[]).map((kind) => ({
      kind,
      url: `${context.siteUrl}${FEED_PATHS[kind]}`,
    })),
    activeProducts: products.length,
    listedProducts: products.length - leftOut.length,
    items: counts.reduce((sum, n) => sum + n, 0),
    leftOut: leftOut.slice(0, 20),
  };
}
