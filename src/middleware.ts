/**
 * Astro middleware, in order:
 *  1. Security headers on every answer (src/server/security-headers.server.ts).
 *  2. API addresses answer JSON errors, even the ones the framework produces (404, 405, 413, 500).
 *  3. An address holding a NUL character (%00) is a 400 before anything runs: PostgreSQL text
 *     cannot hold it, so it could only end in a failed query (see addressHasNul in server/http.ts).
 *  4. Cross-site form protection for pages, where a cookie authenticates; API routes authenticate
 *     with bearer tokens and answer by their own rules (src/server/request-guards.server.ts).
 *  5. The accounts guard and session reader (src/features/account/session-middleware.server.ts): Astro.locals.user,
 *     the /admin, /checkout, /my-orders and /my-profile guards, and the emulator safety checks (in
 *     demo mode, only loopback Host names are answered).
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { accountMiddleware } from "./features/account/session-middleware.server";
import { jsonApiErrors, refuseCrossSiteForms, refuseNulAddress } from "./server/request-guards.server";
import { addSecurityHeaders } from "./server/security-headers.server";

export const onRequest = sequence(
  defineMiddleware(addSecurityHeaders),
  defineMiddleware(jsonApiErrors),
  defineMiddleware(refuseNulAddress),
  defineMiddleware(refuseCrossSiteForms),
  defineMiddleware(accountMiddleware),
);
