/**
 * Handlers of the product feeds (docs/decisions/0243-product-feeds.md): the two public feeds,
 * cached and revalidated as the catalogue API is (ETag, 304; docs/decisions/0040-catalogue-cache.md),
 * and the owner's summary for Settings. The files under src/pages/ only wire these.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { encodedResponse } from "~/server/encoded-body.server";
import { json } from "~/server/http";
import { FEED_TYPES, type FeedKind, feedAnswer, feedSummary } from "./feeds.server";

/** Any cache may keep a feed but checks it again every time (a 304 while nothing changed). */
export const FEED_CACHE = { "cache-control": "public, no-cache" };

function feedHandler(kind: FeedKind) {
  return async (context: APIContext): Promise<Response> => {
    const answer = await feedAnswer(await getDb(), kind);
    return encodedResponse(context.request, answer.value, {
      headers: { ...FEED_CACHE, "content-type": FEED_TYPES[kind] },
    });
  };
}

/** GET /feeds/google.xml: Google Merchant Center's product feed. */
export const getGoogleFeed = feedHandler("google");

/** GET /feeds/meta.csv: Meta's commerce catalogue feed (Facebook and Instagram shops). */
export const getMetaFeed = feedHandler("meta");

/** GET /v2/admin/feeds: the addresses to paste and what the feeds hold (owner only). */
export async function getFeedSummary(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await feedSummary(await getDb()), {
    headers: { "cache-control": "private, no-store" },
  });
}
