/**
 * Request checks that run before any page or API route (wired in src/middleware.ts).
 */
import type { APIContext, MiddlewareNext } from "astro";
import { addressHasNul, errorResponse, NUL_IN_ADDRESS } from "./http";
import { loggable } from "./log-safe";
import { isApiPath } from "./serve/api-paths";
import { log } from "./log/logger";

export { isApiPath };

/** 400 for an address holding a NUL character: JSON for the API, plain text for pages. */
export async function refuseNulAddress(
  context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  if (!addressHasNul(context.url, context.params)) return next();
  if (isApiPath(context.url.pathname)) return errorResponse(400, NUL_IN_ADDRESS);
  return new Response(NUL_IN_ADDRESS, {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

/**
 * Cross-site form protection where a cookie authenticates (pages): an unsafe request that a
 * browser form on another site could send (a form content type, or none at all) must come from
 * this origin. This replaces Astro's `security.checkOrigin`, which also refused body-less bearer
 * API calls from clients that send no Origin (curl, apps, servers).
 */
export async function refuseCrossSiteForms(
  context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  const { request, url } = context;
  if (SAFE_METHODS.has(request.method) || isApiPath(url.pathname)) return next();
  if (request.headers.get("origin") === url.origin) return next();
  const type = request.headers.get("content-type")?.toLowerCase();
  const formLike =
    type === undefined || type === null || FORM_TYPES.some((form) => type.includes(form));
  if (!formLike) return next();
  return new Response(`Cross-site ${request.method} form submissions are forbidden`, {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

const STATUS_MESSAGES: Record<number, string> = {
  404: "There is nothing at this address.",
  405: "This address does not accept that method.",
  413: "The request body is too large.",
};

/**
 * Every answer on an API address is JSON, errors included: one the framework answered itself
 * (a 404 page, a 405, a 413, a 500) becomes `{ "error": "..." }` with the same status.
 */
export async function jsonApiErrors(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (!isApiPath(context.url.pathname)) return next();
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    log.error(
      `[api] ${context.request.method} ${context.routePattern ?? "(no route)"} failed`,
      loggable(error),
    );
    return errorResponse(500, "Something went wrong on our side. Please try again in a moment.");
  }
  if (response.status < 400) return response;
  if ((response.headers.get("content-type") ?? "").includes("json")) return response;
  const message =
    STATUS_MESSAGES[response.status] ??
    (response.status >= 500
      ? "Something went wrong on our side. Please try again in a moment."
      : "The request was refused.");
  const answer = errorResponse(response.status, message);
  const allow = response.headers.get("allow");
  if (allow) answer.headers.set("allow", allow);
  return answer;
}
