/**
 * The fast lane (docs/decisions/0040-catalogue-cache.md): answers that are already in memory, sent
 * by the shop's Node server (src/server/serve/serve.ts) without going through Astro's routing and
 * middleware, which cost more than the answer itself. Only for anonymous GETs:
 *   GET /v2/products (status active), /v2/products/{id}, /v2/home-products, /v2/categories;
 *   storefront pages kept by page-cache.server.ts (no session cookie).
 * Anything else, or anything not already answered once through Astro, answers null and takes the
 * normal path (which also owns every error). The answers are the ones the normal path sends:
 * the same handlers' bytes, the same security headers; in demo mode a foreign Host is left to the
 * normal path (421).
 */
import { getDb } from "~/server/db/client";
import { encodedAnswer, type PlainAnswer } from "~/server/encoded-body.server";
import { addressHasNul, parseWith, readQuery } from "~/server/http";
import { applySecurityHeaders } from "~/server/security-headers.server";
import { demoHostRefusal } from "~/features/account/session-middleware.server";
import { productListQuery } from "./catalogue.schema";
import { idParam } from "~/lib/fields";
import {
  activeProductAnswer,
  activeProductsAnswer,
  categoriesAnswer,
  homeProductsAnswer,
} from "./catalogue-reads.server";
import { PUBLIC_CACHE } from "./catalogue.api";
import { hasSessionCookie } from "~/lib/cookies";
import { isCacheablePage, keptPage } from "./page-cache.server";

export type FastLane = (request: Request) => Promise<PlainAnswer | null>;

/** Where serve.ts finds the lane: the Astro bundle registers it when its middleware loads. */
export const FAST_LANE_KEY = Symbol.for("resin-shop.fast-lane");

/** Parsed list queries by their text: the storefront asks the same few again and again. */
const parsedQueries = new Map<string, ReturnType<typeof parseListQuery>>();

function parseListQuery(url: URL) {
  return readQuery(url, productListQuery);
}

function listQuery(url: URL): ReturnType<typeof parseListQuery> {
  let query = parsedQueries.get(url.search);
  if (!query) {
    query = parseListQuery(url); // throws on bad input: the normal path answers the 400
    if (parsedQueries.size >= 1000) parsedQueries.clear();
    parsedQueries.set(url.search, query);
  }
  return query;
}

async function answer(request: Request, url: URL): Promise<PlainAnswer | null> {
  const path = url.pathname;
  if (path === "/v2/products") {
    const query = listQuery(url);
    if (query.status !== "active") return null;
    return encodedAnswer(request, (await activeProductsAnswer(await getDb(), query)).value, {
      headers: PUBLIC_CACHE,
    });
  }
  if (path.startsWith("/v2/products/")) {
    const id = parseWith(idParam(), decodeURIComponent(path.slice("/v2/products/".length)));
    const body = (await activeProductAnswer(await getDb(), id)).value;
    return body ? encodedAnswer(request, body, { headers: PUBLIC_CACHE }) : null;
  }
  if (path === "/v2/home-products")
    return encodedAnswer(request, (await homeProductsAnswer(await getDb())).value, {
      headers: PUBLIC_CACHE,
    });
  if (path === "/v2/categories")
    return encodedAnswer(request, (await categoriesAnswer(await getDb())).value, {
      headers: PUBLIC_CACHE,
    });
  if (isCacheablePage(path) && !hasSessionCookie(request.headers.get("cookie")))
    return (await keptPage(request, url))?.answer ?? null;
  return null;
}

export const fastLane: FastLane = async (request) => {
  if (request.method !== "GET" || request.headers.has("authorization")) return null;
  try {
    const url = new URL(request.url);
    if (addressHasNul(url) || demoHostRefusal({ request, url })) return null;
    const plain = await answer(request, url);
    if (plain) applySecurityHeaders(plain.headers);
    return plain;
  } catch {
    return null; // bad input, a database hiccup: the normal path answers (400, 503...)
  }
};

/** Called once from src/middleware.ts. */
export function registerFastLane(): void {
  (globalThis as Record<symbol, unknown>)[FAST_LANE_KEY] = fastLane;
}
