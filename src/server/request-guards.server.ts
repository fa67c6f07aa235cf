/**
 * Request checks that run before any page or API route (wired in src/middleware.ts).
 */
import type { APIContext, MiddlewareNext } from "astro";
import { addressHasNul, errorResponse, NUL_IN_ADDRESS } from "./http";

/**
 * Routes that authenticate with a bearer token only (never a cookie), so a cross-site form cannot
 * ride on the visitor's session there: they answer by their own rules (401 JSON without a token).
 * Matched by prefix so routes other helpers add (/create-order, /{provider}/verify|webhook, /pay/*)
 * are covered without a list to keep in step. Decision 0012.
 */
export function isApiPath(pathname: string): boolean {
  if (pathname.startsWith("/v2/") || pathname === "/v2") return true;
  if (pathname === "/create-order" || pathname.startsWith("/create-order/")) return true;
  if (pathname.startsWith("/pay/")) return true;
  return /^\/[a-z0-9-]+\/(verify|webhook)\/?$/i.test(pathname);
}

/** 400 for an address holding a NUL character: JSON on API routes, plain text for pages. */
export async function refuseNulAddress(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (!addressHasNul(context.url, context.params)) return next();
  if (isApiPath(context.url.pathname)) return errorResponse(400, NUL_IN_ADDRESS);
  return new Response(NUL_IN_ADDRESS, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

/**
 * Cross-site form protection for pages, where a cookie authenticates (the same rule as Astro's
 * security.checkOrigin, which is off because it cannot exempt the bearer-only API routes).
 */
export function isForbiddenCrossSiteForm(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method) || isApiPath(url.pathname)) return false;
  const sameOrigin = request.headers.get("origin") === url.origin;
  const type = request.headers.get("content-type");
  if (type === null) return !sameOrigin;
  const bare = type.split(";")[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(bare) && !sameOrigin;
}

export async function refuseCrossSiteForm(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (!isForbiddenCrossSiteForm(context.request, context.url)) return next();
  return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/**
 * Every error on an API route is JSON `{ "error" }`, including the ones the framework answers itself
 * (404 for an unknown path, 405, 413) with a plain or HTML body.
 */
export async function jsonErrorsOnApi(context: APIContext, next: MiddlewareNext): Promise<Response> {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (!isApiPath(context.url.pathname)) throw error;
    console.error(error);
    return errorResponse(500, "Something went wrong on our side. Please try again.");
  }
  if (!isApiPath(context.url.pathname) || response.status < 400) return response;
  const type = response.headers.get("content-type") ?? "";
  if (/application\/(.+\+)?json/i.test(type)) return response;
  return errorResponse(response.status, errorText(response.status));
}

function errorText(status: number): string {
  if (status === 404) return "Not found.";
  if (status === 405) return "Method not allowed.";
  if (status === 413) return "The request body is too large.";
  if (status === 403) return "Forbidden.";
  if (status >= 500) return "Something went wrong on our side. Please try again.";
  return "The request could not be handled.";
}
