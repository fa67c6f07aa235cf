/**
 * Astro middleware, in order:
 *  1. An address holding a NUL character (%00) is a 400 before anything runs: PostgreSQL text
 *     cannot hold it, so it could only end in a failed query (see addressHasNul in server/http.ts).
 *  2. The accounts guard and session reader (src/server/auth/middleware.server.ts): Astro.locals.user,
 *     the /admin, /checkout, /my-orders and /my-profile guards, and the emulator safety checks (in
 *     demo mode, only loopback Host names are answered).
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { accountMiddleware } from "./server/auth/middleware.server";
import { refuseNulAddress } from "./server/request-guards.server";

export const onRequest = sequence(defineMiddleware(refuseNulAddress), defineMiddleware(accountMiddleware));
