/**
 * Security headers on every page and API answer (wired in src/middleware.ts). The CSP allows only
 * what the shop loads: its own origin, Firebase Auth (and the Auth Emulator in demo mode only), the
 * Google sign-in frame, and Cashfree's checkout SDK. Inline scripts: see decision 0012.
 */
import type { APIContext, MiddlewareNext } from "astro";
import { env } from "./env";
import { firebaseWebConfig } from "./auth/web-config.server";

const CASHFREE = ["https://sdk.cashfree.com", "https://sandbox.cashfree.com", "https://api.cashfree.com"];
const FIREBASE_API = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
  "https://www.googleapis.com",
];

/** The Content-Security-Policy value for the current environment. */
export function contentSecurityPolicy(): string {
  const config = firebaseWebConfig();
  const emulator = config?.emulatorHost ? [`http://${config.emulatorHost}`] : [];
  const authFrame = config ? [`https://${config.authDomain}`] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // 'unsafe-inline' for scripts: Astro's island bootstrap and the JSON config blocks are inline;
    // decision 0012 records why hashes are not used yet. Never 'unsafe-eval'.
    ["script-src", ["'self'", "'unsafe-inline'", "https://apis.google.com", "https://sdk.cashfree.com"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https://lh3.googleusercontent.com"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...FIREBASE_API, ...CASHFREE, ...emulator]],
    ["frame-src", ["'self'", ...authFrame, "https://apis.google.com", ...CASHFREE, ...emulator]],
    ["form-action", ["'self'", ...CASHFREE]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()";

/** Sets the security headers on a response (copying it when its headers are immutable). */
export function withSecurityHeaders(response: Response): Response {
  let out = response;
  try {
    out.headers.set("x-content-type-options", "nosniff");
  } catch {
    out = new Response(response.body, response);
    out.headers.set("x-content-type-options", "nosniff");
  }
  out.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  out.headers.set("content-security-policy", contentSecurityPolicy());
  out.headers.set("permissions-policy", PERMISSIONS_POLICY);
  out.headers.set("x-frame-options", "DENY");
  if (env().PUBLIC_SITE_URL.startsWith("https:")) {
    out.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
  return out;
}

export async function securityHeaders(_context: APIContext, next: MiddlewareNext): Promise<Response> {
  return withSecurityHeaders(await next());
}
