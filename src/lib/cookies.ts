/**
 * The browser's one cookie module. Values are read and written as they are stored: a value that
 * needs encoding (the `user` cookie's JSON) is encoded by its owner (encodeUserCookie) and decoded
 * by its owner (parseUserCookie), so every reader sees the same text. The session cookies' names
 * and the "is there a session cookie" test live here, once, for the browser and the server.
 */

/** docs/product.md §3 / §4: the session cookies, the ID token and the user record. */
export const TOKEN_COOKIE = "token";
export const USER_COOKIE = "user";
export const SESSION_COOKIES = [TOKEN_COOKIE, USER_COOKIE] as const;

/** The stored value of cookie `name` ("" when present but empty), or null when absent. */
export function readCookie(
  name: string,
  cookies: string = typeof document !== "undefined" ? document.cookie : "",
): string | null {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Sets a first-party cookie for the whole site: SameSite=Lax, Secure over https. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const seconds = Math.max(0, Math.floor(maxAgeSeconds));
  const expires = new Date(Date.now() + seconds * 1000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the one cookie module; the Cookie Store API is not in every browser we serve
  document.cookie = `${name}=${value}; Path=/; Max-Age=${seconds}; Expires=${expires}; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

/**
 * True when `cookies` (a Cookie header, document.cookie, or a request's cookie jar such as
 * Astro's context.cookies) carries either session cookie. A request with one is never answered
 * from the anonymous page cache, and the server reads its session from them.
 */
export function hasSessionCookie(cookies: string | null | { has(name: string): boolean }): boolean {
  if (cookies === null) return false;
  if (typeof cookies === "string")
    return SESSION_COOKIES.some((name) => readCookie(name, cookies) !== null);
  return SESSION_COOKIES.some((name) => cookies.has(name));
}
