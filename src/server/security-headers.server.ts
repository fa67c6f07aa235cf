/**
 * Security headers on every page and API answer (docs/decisions/0012-security-headers.md).
 *
 * Content-Security-Policy: Astro (astro.config.mjs `security.csp`) writes `script-src` and
 * `style-src` with the hashes of exactly the scripts and styles it emitted for the page; this module
 * adds the rest (where the shop may connect, frame and load from, `frame-ancestors 'none'`). So only
 * the shop's own inline code runs, and no directive allows eval.
 */
import type { APIContext, MiddlewareNext } from "astro";
import { env, type Env } from "./env";
import { firebaseWebConfig } from "./auth/web-config.server";
import { HSTS, PERMISSIONS_POLICY } from "./serve/static-headers";
import { publicMediaOrigin } from "~/features/media/public-url.server";

const FIREBASE_CONNECT = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
  "https://www.googleapis.com",
];
const CASHFREE = [
  "https://sdk.cashfree.com",
  "https://sandbox.cashfree.com",
  "https://api.cashfree.com",
];

/** Every directive but script-src and style-src, which Astro writes with its hashes. */
export function contentSecurityPolicy(): string {
  const firebase = firebaseWebConfig();
  const emulator = firebase?.emulatorHost ? [`http://${firebase.emulatorHost}`] : [];
  const authFrame = firebase ? [`https://${firebase.authDomain}`] : [];
  // Uploaded images redirected to the bucket's public address (decision 0116).
  const bucket = [publicMediaOrigin()].filter((o): o is string => o !== null);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["img-src", "'self'", "data:", "blob:", "https://res.cloudinary.com", ...bucket],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...FIREBASE_CONNECT, ...emulator, ...CASHFREE],
    ["frame-src", ...authFrame, ...CASHFREE, "https://*.cashfree.com"],
    ["form-action", "'self'", "https://*.cashfree.com"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/** The non-HTML answer's headers, made once per parsed environment (every API answer has them). */
let other: { for: Env; headers: Readonly<Record<string, string>> } | undefined;

/** The headers every answer carries (CSP only on HTML, where it means something). */
export function securityHeaders(contentType: string): Record<string, string> {
  if (!contentType.includes("text/html")) {
    const e = env();
    if (other?.for !== e) other = { for: e, headers: Object.freeze(buildHeaders(contentType)) };
    return other.headers as Record<string, string>;
  }
  return buildHeaders(contentType);
}

function buildHeaders(contentType: string): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "x-frame-options": "DENY",
  };
  headers["content-security-policy"] = contentType.includes("text/html")
    ? contentSecurityPolicy()
    : "default-src 'none'; frame-ancestors 'none'";
  if (new URL(env().PUBLIC_SITE_URL).protocol === "https:")
    headers["strict-transport-security"] = HSTS;
  return headers;
}

/** Adds the headers every answer carries to `target` (the catalogue's fast lane uses it too). */
export function applySecurityHeaders(target: Headers): void {
  apply(target, securityHeaders(target.get("content-type") ?? ""));
}

function apply(target: Headers, extra: Record<string, string>): void {
  for (const [name, value] of Object.entries(extra)) {
    const present = target.get(name);
    // Astro's own CSP (script-src/style-src hashes) is kept and completed with ours.
    if (name === "content-security-policy" && present)
      target.set(name, `${present.trim().replace(/;?$/, ";")} ${value}`);
    else if (!present) target.set(name, value);
  }
}

export async function addSecurityHeaders(
  _context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  const response = await next();
  const extra = securityHeaders(response.headers.get("content-type") ?? "");
  try {
    apply(response.headers, extra);
    return response;
  } catch {
    // Some responses have immutable headers: answer a copy.
    const copy = new Response(response.body, response);
    apply(copy.headers, extra);
    return copy;
  }
}
