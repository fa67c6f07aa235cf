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
 *
 * What it answered it also holds as a ready answer (src/server/serve/ready-answers.ts,
 * docs/decisions/0305-ready-answers.md): the next request for the same address is written from
 * those bytes before anything else runs, while the catalogue has not moved.
 */
import { type DbOrTx, getDb } from "~/server/db/client";
import {
  encodedAnswer,
  encodedHeaders,
  type EncodedBody,
  type PlainAnswer,
} from "~/server/encoded-body.server";
import { env } from "~/server/env";
import { emulatorHost, isLoopbackHost } from "~/server/auth/firebase-admin.server";
import { keepReady } from "~/server/serve/ready-answers";
import { checkShopIdentityAhead, knownShopIdentityVersion } from "~/server/shop-identity.server";
import { checkCatalogueVersionAhead, knownCatalogueVersion } from "./catalogue-version.server";
import type { Versioned } from "./catalogue-store.server";
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
import { isCacheablePage, keptPage, type KeptPage } from "./page-cache.server";

/** `address`: the request target as sent (serve.ts passes it), under which a ready answer is kept. */
export type FastLane = (request: Request, address?: string) => Promise<PlainAnswer | null>;

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

/** What the lane answers from: the kept body and how to tell it is still the newest. */
interface Made {
  body: EncodedBody;
  /** The body as kept now (a kept page's brotli copy is made again later). */
  current: () => EncodedBody;
  headers: Record<string, string>;
  /** The catalogue version (and for a page, the business settings' version) it was made at. */
  version: number;
  identity?: number;
  db: DbOrTx;
  page: boolean;
}

async function made(request: Request, url: URL): Promise<Made | KeptPage | null> {
  const path = url.pathname;
  const db = await getDb();
  const api = (found: Versioned<EncodedBody | null>): Made | null =>
    found.value && {
      body: found.value,
      current: () => found.value!,
      headers: PUBLIC_CACHE,
      version: found.version,
      db,
      page: false,
    };
  if (path === "/v2/products") {
    const query = listQuery(url);
    return query.status === "active" ? api(await activeProductsAnswer(db, query)) : null;
  }
  if (path.startsWith("/v2/products/")) {
    const id = parseWith(idParam(), decodeURIComponent(path.slice("/v2/products/".length)));
    return api(await activeProductAnswer(db, id));
  }
  if (path === "/v2/home-products") return api(await homeProductsAnswer(db));
  if (path === "/v2/categories") return api(await categoriesAnswer(db));
  if (isCacheablePage(path) && !hasSessionCookie(request.headers.get("cookie")))
    return keptPage(request, url);
  return null;
}

function asMade(found: Made | KeptPage): Made | null {
  if ("body" in found) return found;
  const { page, db } = found;
  if (!page || !db) return null;
  return {
    body: page.body,
    current: () => page.body,
    headers: Object.fromEntries(page.headers),
    version: page.version,
    identity: page.identity,
    db,
    page: true,
  };
}

const hostAllowed = new Map<string, boolean>();

/** demoHostRefusal's rule on a raw Host header (absent: the request URL's localhost). */
function loopbackHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  let allowed = hostAllowed.get(host);
  if (allowed === undefined) {
    allowed = isLoopbackHost(host);
    if (hostAllowed.size >= 100) hostAllowed.clear();
    hostAllowed.set(host, allowed);
  }
  return allowed;
}

/**
 * Holds what was just answered as the ready answer of `address` (the request target as sent),
 * admitted under the lane's own rules: no Authorization, no session cookie on a page, a loopback
 * Host in demo mode, and while the versions it was made at are the newest this process knows
 * without reading (the same window as currentCatalogueVersion: at most VERSION_CHECK_MS, and never
 * right after a write here). A signed-in visitor's page never comes here: keptPage only keeps pages
 * rendered for a visitor without a session, and `admit` refuses a request with a session cookie.
 */
function keepAsReady(address: string, source: Made): void {
  const { ok, notModified } = encodedHeaders(source.body, source.headers);
  for (const headers of [ok, notModified]) applySecurityHeaders(headers);
  const demo = env().DEMO_MODE || emulatorHost() !== undefined;
  const { version, identity, db, page } = source;
  keepReady(address, {
    body: source.current,
    headers: [...ok],
    notModified: [...notModified],
    admit: (h) => {
      if (h.authorization !== undefined || (demo && !loopbackHost(h.host))) return false;
      if (page && hasSessionCookie(h.cookie ?? null)) return false;
      const now = Date.now();
      const known = knownCatalogueVersion(db, now);
      if (known === undefined || version < known) return false;
      checkCatalogueVersionAhead(db, now);
      if (identity === undefined) return true;
      const shop = knownShopIdentityVersion(db, now);
      if (shop === undefined || identity < shop) return false;
      checkShopIdentityAhead(db, now);
      return true;
    },
  });
}

export const fastLane: FastLane = async (request, address) => {
  if (request.method !== "GET" || request.headers.has("authorization")) return null;
  try {
    const url = new URL(request.url);
    if (addressHasNul(url) || demoHostRefusal({ request, url })) return null;
    const found = await made(request, url);
    if (!found) return null;
    const source = asMade(found);
    let plain: PlainAnswer | null;
    if ("answer" in found) plain = found.answer;
    else plain = source && encodedAnswer(request, source.body, { headers: source.headers });
    if (!plain) return null;
    applySecurityHeaders(plain.headers);
    if (source && address !== undefined) keepAsReady(address, source);
    return plain;
  } catch {
    return null; // bad input, a database hiccup: the normal path answers (400, 503...)
  }
};

/** Called once from src/middleware.ts. */
export function registerFastLane(): void {
  (globalThis as Record<symbol, unknown>)[FAST_LANE_KEY] = fastLane;
}
