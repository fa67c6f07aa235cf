/**
 * Astro middleware, in order:
 *  1. Security headers on every answer (src/server/security-headers.server.ts).
 *  2. API addresses answer JSON errors, even the ones the framework produces (404, 405, 413, 500).
 *  3. An address holding a NUL character (%00) is a 400 before anything runs: PostgreSQL text
 *     cannot hold it, so it could only end in a failed query (see addressHasNul in server/http.ts).
 *  4. Cross-site form protection for pages, where a cookie authenticates; API routes authenticate
 *     with bearer tokens and answer by their own rules (src/server/request-guards.server.ts).
 *  0. The first request starts the background jobs (payment re-checks and expiry, mail delivery),
 *     so they run from the moment the server answers (npm start's readiness probe is that request),
 *     not only after a payment request. Off in tests and with BACKGROUND_JOBS=false.
 *  5. The accounts guard and session reader (src/features/account/session-middleware.server.ts): Astro.locals.user,
 *     the /admin, /checkout, /my-orders and /my-profile guards, and the emulator safety checks (in
 *     demo mode, only loopback Host names are answered).
 *  6. Storefront pages for visitors without a session, kept rendered and compressed per catalogue
 *     version (src/features/catalogue/page-cache.server.ts, docs/decisions/0040-catalogue-cache.md).
 *  7. Each page inlines only the CSS its markup uses and loads the stylesheet without blocking
 *     (src/server/critical-css/critical-css.server.ts, docs/decisions/0050-critical-css-per-page.md);
 *     inside the page cache, so a kept page is processed once.
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { accountMiddleware } from "./features/account/session-middleware.server";
import {
  jsonApiErrors,
  refuseCrossSiteForms,
  refuseNulAddress,
} from "./server/request-guards.server";
import { addSecurityHeaders } from "./server/security-headers.server";
import { startBackgroundJobs } from "./features/checkout/background-jobs.server";
import { mediaRoot } from "./features/media/media-store.server";
import { startScheduledBackups } from "./server/backup/schedule.server";
import { cachePages } from "./features/catalogue/page-cache.server";
import { registerFastLane } from "./features/catalogue/fast-lane.server";
import { registerWebhookLane } from "./features/checkout/webhook-lane.server";
import { criticalCssPages } from "./server/critical-css/critical-css.server";
import { setRoute } from "./server/log/access";

// The shop's Node server answers what is already in memory without Astro (fast-lane.server.ts).
registerFastLane();
registerWebhookLane(); // and a payment webhook sent again (src/server/serve/webhook-lane.ts)

export const onRequest = sequence(
  defineMiddleware((context, next) => {
    setRoute(context.routePattern); // the access line's route (src/server/log/access.ts)
    startBackgroundJobs(); // idempotent: only the first call starts the timer
    startScheduledBackups(mediaRoot()); // likewise; off without BACKUP_DIR
    return next();
  }),
  defineMiddleware(addSecurityHeaders),
  defineMiddleware(jsonApiErrors),
  defineMiddleware(refuseNulAddress),
  defineMiddleware(refuseCrossSiteForms),
  defineMiddleware(accountMiddleware),
  defineMiddleware(cachePages),
  defineMiddleware(criticalCssPages),
);
