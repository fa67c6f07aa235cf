/**
 * Astro middleware: the accounts guard and session reader (src/server/auth/middleware.server.ts)
 * runs before every page: Astro.locals.user, the /admin, /checkout, /my-orders and /my-profile
 * guards, and the emulator safety checks (in demo mode, only loopback Host names are answered).
 */
import { defineMiddleware } from "astro:middleware";
import { accountMiddleware } from "./server/auth/middleware.server";

export const onRequest = defineMiddleware(accountMiddleware);
