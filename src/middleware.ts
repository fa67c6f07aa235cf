/**
 * Astro middleware, in order:
 *  1. Security headers on every answer (src/server/security-headers.server.ts).
 *  2. API routes (/v2/*, /create-order, /{provider}/verify|webhook, /pay/*) answer every error as
 *     JSON `{ error }`, the framework's own 404/405/413 included (request-guards.server.ts).
 *  3. An address holding a NUL character (%00) is a 400 before anything runs: PostgreSQL text
 *     cannot hold it, so it could only end in a failed query (see addressHasNul in server/http.ts).
 *  4. Cross-site form protection for pages, where a cookie authenticates; the bearer-only API
 *     routes are exempt and answer by their own rules (decision 0012).
 *  5. The accounts guard and session reader (src/server/auth/middleware.server.ts): Astro.locals.user,
 *     the /admin, /checkout, /my-orders and /my-profile guards, and the emulator safety checks (in
 *     demo mode, only loopback Host names are answered).
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { accountMiddleware } from "./server/auth/middleware.server";
import { jsonErrorsOnApi, refuseCrossSiteForm, refuseNulAddress } from "./server/request-guards.server";
import { securityHeaders } from "./server/security-headers.server";

export const onRequest = sequence(
  defineMiddleware(securityHeaders),
  defineMiddleware(jsonErrorsOnApi),
  defineMiddleware(refuseNulAddress),
  defineMiddleware(refuseCrossSiteForm),
  defineMiddleware(accountMiddleware),
);
