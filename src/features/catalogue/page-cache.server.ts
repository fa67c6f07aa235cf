/**
 * Storefront pages as anonymous visitors see them, rendered once per catalogue version and kept
 * compressed in memory (docs/decisions/0040-catalogue-cache.md): `/`, `/instructions`, `/products`
 * and everything under it, and the footer's modals (`/fragments/policies`, decision 0051). A page
 * is kept only when it was rendered for a visitor with no session
 * cookie, answered 200 as HTML and sets no cookie; it is used while the catalogue version it was
 * rendered at is still the newest (the same check as the catalogue API: a save shows within a
 * second on every app server, at once on this one), and while the business settings' version it
 * printed the shop's name and contacts at is (decision 0158). Signed-in visitors always get a fresh
 * render.
 *
 * A page is kept compressed with a fast brotli setting (quality 6, ~1 ms), so its first visitor
 * does not wait; then, one page at a time on libuv's thread pool, the brotli copy of a page without
 * a query string (the pages many visitors share, not the long tail of searches) is made again at
 * the best setting (quality 11, ~60 ms for a 70 kB page): ~1 kB smaller, which keeps a storefront
 * page's first answer within one network round trip (docs/decisions/0050-critical-css-per-page.md).
 */
import type { APIContext, MiddlewareNext } from "astro";
import { type DbOrTx, getDb } from "~/server/db/client";
import {
  answerToResponse,
  encodeBody,
  encodedAnswer,
  encodedResponse,
  encodedSize,
  recompressBrotli,
  type EncodedBody,
  type PlainAnswer,
} from "~/server/encoded-body.server";
import { currentCatalogueVersion } from "./catalogue-version.server";
import { hasSessionCookie } from "~/lib/cookies";
import { forgetReady } from "~/server/serve/ready-answers";
import { shopIdentityVersion } from "~/server/shop-identity.server";

export interface CachedPage {
  version: number;
  /** The business settings' version it printed the shop's name and contacts at (decision 0158). */
  identity: number;
  body: EncodedBody;
  headers: [string, string][];
}

const MAX_PAGES = 400;
const MAX_PAGE_BYTES = 48 * 1024 * 1024;
const pages = new Map<string, CachedPage>();
let bytes = 0;

/** Addresses whose anonymous rendering depends only on the address and the catalogue. */
export function isCacheablePage(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/instructions" ||
    pathname === "/products" ||
    pathname.startsWith("/products/") ||
    pathname === "/fragments/policies"
  );
}

function keep(key: string, page: CachedPage): void {
  const old = pages.get(key);
  if (old) {
    pages.delete(key);
    bytes -= encodedSize(old.body);
  }
  pages.set(key, page);
  bytes += encodedSize(page.body);
  for (const [oldest, p] of pages) {
    if (pages.size <= MAX_PAGES && bytes <= MAX_PAGE_BYTES) break;
    pages.delete(oldest);
    bytes -= encodedSize(p.body);
  }
}

/** Brotli quality of a page when it is kept, and of its copy made afterwards in the background. */
const FAST_BROTLI = 6;
const BEST_BROTLI = 11;
/** Pages waiting for their best brotli copy; past this many, new ones keep the fast copy. */
const MAX_WAITING = 100;
const waiting: string[] = [];
let recompressing: Promise<void> | null = null;

function recompressLater(key: string): void {
  if (waiting.length < MAX_WAITING && !waiting.includes(key)) waiting.push(key);
  recompressing ??= recompressWaiting();
}

async function recompressWaiting(): Promise<void> {
  try {
    for (let key = waiting.shift(); key !== undefined; key = waiting.shift()) {
      const page = pages.get(key);
      if (!page) continue;
      const body = await recompressBrotli(page.body, BEST_BROTLI);
      if (pages.get(key) !== page || body === page.body) continue; // replaced or evicted meanwhile, or no smaller
      bytes += encodedSize(body) - encodedSize(page.body);
      page.body = body;
    }
  } finally {
    recompressing = null; // in the same step as the empty queue was seen: no key is left behind
  }
}

/** Resolves when every kept page has its best brotli copy (tests). */
export async function pagesRecompressed(): Promise<void> {
  while (recompressing) await recompressing;
}

/** Drops every kept page (tests). */
export function forgetPages(): void {
  forgetReady();
  pages.clear();
  waiting.length = 0;
  bytes = 0;
}

/** A kept page's answer for this request (null: render it), the versions it was checked at. */
export interface KeptPage {
  answer: PlainAnswer | null;
  version: number;
  identity: number;
  /** The page itself when it is current: its body, headers and the versions it was rendered at. */
  page?: CachedPage;
  /** The database handle the versions were read from. */
  db?: DbOrTx;
}

/**
 * The kept page for this anonymous GET when it is still current, or null (render it). The caller
 * has checked the method, the address and that no session cookie was sent.
 */
export async function keptPage(request: Request, url: URL): Promise<KeptPage | null> {
  let version: number;
  let identity: number;
  let db: DbOrTx;
  try {
    db = await getDb();
    [version, identity] = await Promise.all([currentCatalogueVersion(db), shopIdentityVersion(db)]);
  } catch {
    return null; // the page's own loader reports the failure (503)
  }
  const key = url.pathname + url.search;
  const hit = pages.get(key);
  if (!hit || hit.version < version || hit.identity < identity)
    return { answer: null, version, identity };
  pages.delete(key); // most recently used goes last
  pages.set(key, hit);
  return {
    answer: encodedAnswer(request, hit.body, { headers: Object.fromEntries(hit.headers) }),
    version,
    identity,
    page: hit,
    db,
  };
}

export async function cachePages(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url } = context;
  if (request.method !== "GET" || !isCacheablePage(url.pathname)) return next();
  if (hasSessionCookie(context.cookies) || context.locals.user) return next();
  const kept = await keptPage(request, url);
  if (!kept) return next();
  if (kept.answer) return answerToResponse(kept.answer);
  const response = await next();
  const type = response.headers.get("content-type") ?? "";
  if (
    response.status !== 200 ||
    !type.includes("text/html") ||
    response.headers.has("set-cookie") ||
    /private|no-store/.test(response.headers.get("cache-control") ?? "")
  ) {
    return response;
  }
  const html = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(
    ([name]) => !["content-length", "content-encoding", "etag", "vary"].includes(name),
  );
  const page: CachedPage = {
    version: kept.version,
    identity: kept.identity,
    body: await encodeBody([html], { brotliQuality: FAST_BROTLI }),
    headers,
  };
  keep(url.pathname + url.search, page);
  if (!url.search) recompressLater(url.pathname);
  return encodedResponse(request, page.body, { headers: Object.fromEntries(headers) });
}
