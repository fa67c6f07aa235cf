/**
 * Runs before every page is rendered (docs/product.md §2 Guards, §4 Authentication, §6 Roles):
 *
 *  0. Demo mode: answers 421 to any request (pages and API) whose Host is not a loopback name
 *     (localhost, 127.0.0.1, [::1]), so a web page whose name is re-bound to 127.0.0.1 (DNS
 *     rebinding) cannot drive the shop, whose emulator accepts tokens anyone can make.
 *  1. Refuses to serve anything when the Auth Emulator is configured outside demo mode on
 *     localhost (its tokens are unsigned).
 *  2. Reads the session cookies. The visitor is signed in only when both `token` and `user` exist,
 *     the token verifies (firebase-admin: signature, audience, issuer, expiry, revocation) and both
 *     name the same uid. An unreadable `user` cookie is removed; so are both cookies when the token
 *     is invalid or expired (the session is over).
 *  3. Sets Astro.locals.user = { uid, firstName, email, role, isOwner } | null for the shell.
 *  4. Guards, before any HTML is sent:
 *       /admin/**                           anonymous -> /login?redirect=..., not on the team -> /unauthorized
 *       /checkout, /my-orders/**, /my-profile  anonymous -> /login?redirect=...
 *       /login                              signed in -> ?redirect= target or /
 *     Only the server sends a visitor away from /login: when Firebase or the database cannot be
 *     asked, the visitor is anonymous for this request but keeps the cookies, so the login page
 *     must not redirect on the cookies alone (it would bounce back here forever).
 *
 * API routes (/v2/**) get only step 0 here: they read the bearer header (src/server/auth).
 */
import type { APIContext, MiddlewareNext } from "astro";
import { hasSessionCookie, TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import { loginUrl, parseUserCookie, safeRedirect, type SessionUser } from "./account";
import { isStaff } from "~/lib/roles";
import { sessionUserFor } from "./account.server";
import {
  AuthUnavailableError,
  InvalidTokenError,
  assertEmulatorAllowed,
  emulatorHost,
  isLoopbackHost,
  verifyIdToken,
} from "~/server/auth/firebase-admin.server";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { loggable } from "~/server/log-safe";
import { log } from "~/server/log/logger";

const raw = { decode: (value: string) => value };

/** The path as the guards compare it: decoded, "//" collapsed, no trailing slash, lower case. */
export function normalizePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    /* keep it encoded */
  }
  path = path.replace(/\/{2,}/g, "/").toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : "/";
}

function isSignedInOnly(path: string): boolean {
  return (
    path === "/checkout" ||
    path === "/my-profile" ||
    path === "/my-orders" ||
    path.startsWith("/my-orders/")
  );
}

function isAdminOnly(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

function forget(context: APIContext, ...names: string[]): void {
  for (const name of names) context.cookies.delete(name, { path: "/" });
}

/** The signed-in visitor from the cookies, or null (removing cookies that cannot stand). */
async function sessionFromCookies(context: APIContext): Promise<SessionUser | null> {
  const token = context.cookies.get(TOKEN_COOKIE, raw)?.value;
  const rawUser = context.cookies.get(USER_COOKIE, raw)?.value;
  const cookieUser = rawUser === undefined ? null : parseUserCookie(rawUser);
  if (rawUser !== undefined && !cookieUser) forget(context, USER_COOKIE);
  if (!token || !cookieUser) return null;
  try {
    const identity = await verifyIdToken(token);
    if (identity.uid !== cookieUser.uid) {
      forget(context, TOKEN_COOKIE, USER_COOKIE);
      return null;
    }
    return await sessionUserFor(await getDb(), identity);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      forget(context, TOKEN_COOKIE, USER_COOKIE);
      return null;
    }
    if (!(error instanceof AuthUnavailableError))
      log.error("[session] reading the session failed", loggable(error));
    // Firebase unreachable: treat this request as anonymous, keep the cookies for the next one.
    return null;
  }
}

/**
 * Demo mode: a 421 for a request whose Host header (or URL) does not name this machine, else null.
 * A browser always sends the name it resolved, so a page on attacker.example re-bound to
 * 127.0.0.1 arrives with "Host: attacker.example" and is refused.
 */
export function demoHostRefusal(context: Pick<APIContext, "request" | "url">): Response | null {
  if (!env().DEMO_MODE && !emulatorHost()) return null;
  const header = context.request.headers.get("host");
  if (isLoopbackHost(context.url.host) && (header === null || isLoopbackHost(header))) return null;
  return new Response(
    "Misdirected request: in demo mode this shop answers only to localhost, 127.0.0.1 or [::1].\n",
    {
      status: 421,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    },
  );
}

/** The middleware body (src/middleware.ts wires it; tests call it with a fake context). */
export async function accountMiddleware(
  context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  context.locals.user = null;
  const refused = demoHostRefusal(context);
  if (refused) return refused;
  const path = normalizePath(context.url.pathname);
  if (path.startsWith("/v2/") || path.startsWith("/_astro/") || path.startsWith("/_image"))
    return next();

  try {
    assertEmulatorAllowed();
  } catch (error) {
    return new Response(`${(error as Error).message}\n`, {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }

  const withSession = hasSessionCookie(context.cookies);
  const user = withSession ? await sessionFromCookies(context) : null;
  context.locals.user = user;

  const requested = context.url.pathname + context.url.search;
  if (isAdminOnly(path)) {
    if (!user) return context.redirect(loginUrl(requested), 302);
    if (!isStaff(user)) return context.redirect("/unauthorized", 302);
  } else if (isSignedInOnly(path) && !user) {
    return context.redirect(loginUrl(requested), 302);
  } else if (path === "/login" && user) {
    return context.redirect(safeRedirect(context.url.searchParams.get("redirect")), 302);
  }

  const response = await next();
  if (withSession || isAdminOnly(path) || isSignedInOnly(path)) {
    // Pages rendered for a signed-in visitor (greeting, portal link) must not be shared by caches.
    try {
      response.headers.set("cache-control", "private, no-store");
      response.headers.append("vary", "Cookie");
    } catch {
      /* immutable headers (a redirect made elsewhere): nothing to add */
    }
  }
  return response;
}
