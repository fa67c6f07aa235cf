/**
 * Request checks that run before any page or API route (wired in src/middleware.ts).
 */
import type { APIContext, MiddlewareNext } from "astro";
import { addressHasNul, errorResponse, NUL_IN_ADDRESS } from "./http";

/** 400 for an address holding a NUL character: JSON under /v2/, plain text for pages. */
export async function refuseNulAddress(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (!addressHasNul(context.url, context.params)) return next();
  if (context.url.pathname.startsWith("/v2/")) return errorResponse(400, NUL_IN_ADDRESS);
  return new Response(NUL_IN_ADDRESS, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}
