/**
 * The security headers of answers the Astro middleware does not make: static files served from
 * memory or by the adapter, and the server's own refusals (docs/decisions/0012-security-headers.md).
 * src/server/security-headers.server.ts adds the page and API policies on top.
 *
 * Runs as plain Node (serve.ts): no imports.
 */

// Only features Chromium knows: an unknown one (e.g. bluetooth) logs a console warning on every page.
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
  'payment=(self "https://sdk.cashfree.com")',
].join(", ");

/**
 * A file opened directly (an SVG is a document) runs no script, loads nothing but its own styles
 * and images, and cannot be framed. Scripts and stylesheets loaded by a page follow the page's policy.
 */
export const FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

export const HSTS = "max-age=31536000; includeSubDomains";

/** Whether the public site is https (HSTS then), from PUBLIC_SITE_URL as the server reads it. */
export function siteIsHttps(siteUrl = process.env.PUBLIC_SITE_URL ?? ""): boolean {
  return siteUrl.trim().toLowerCase().startsWith("https:");
}

/** The headers every answer starts with; later layers replace what they set themselves. */
export function baseSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "x-frame-options": "DENY",
    "content-security-policy": FILE_CSP,
  };
  if (siteIsHttps()) headers["strict-transport-security"] = HSTS;
  return headers;
}
