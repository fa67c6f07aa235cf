/**
 * The browser's one cookie module. Values are read and written as they are stored: a value that
 * needs encoding (the `user` cookie's JSON) is encoded by its owner (encodeUserCookie) and decoded
 * by its owner (parseUserCookie), so every reader sees the same text.
 */

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
