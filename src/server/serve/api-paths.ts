/**
 * Addresses answered by API handlers: bearer-authenticated, JSON in and out (errors included). A
 * cookie never authenticates them, so a cross-site form cannot act through them.
 *
 * Runs as plain Node too (the server's own layers, serve.ts): no imports.
 */
const API_PATHS = [
  /^\/v2(\/|$)/,
  /^\/create-order\/?$/,
  /^\/(cashfree|local)\/(verify|webhook)\/?$/,
  /^\/(healthz|readyz)\/?$/,
];

export function isApiPath(pathname: string): boolean {
  return API_PATHS.some((pattern) => pattern.test(pathname));
}
