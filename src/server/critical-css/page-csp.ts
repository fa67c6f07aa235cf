/**
 * A page's Content-Security-Policy names only the hashes of the inline scripts and styles that page
 * holds (docs/decisions/0050-critical-css-per-page.md). Astro lists, on every page, the hashes of
 * every inline script and style it can emit (each island directive's runtime, the empty style...):
 * ~450 bytes of header, which is never compressed and counts toward the page's first round trip.
 * Pure: run on the final HTML (after critical-css.server.ts has rewritten it).
 */
import { createHash } from "node:crypto";

const INLINE = /<(script|style)(\s[^>]*)?>([\s\S]*?)<\/\1>/g;
const HASH = /\s*'sha256-[A-Za-z0-9+/=]+'/g;

/** `'sha256-...'` of every inline script (no `src`) and style in `html`. */
export function inlineHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, , attributes = "", body = ""] of html.matchAll(INLINE)) {
    if (/\ssrc\s*=/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/** `csp` with script-src and style-src hashes that match nothing inline in `html` taken out. */
export function keepPageHashes(csp: string, html: string): string {
  const present = inlineHashes(html);
  return csp
    .split(";")
    .map((directive) => {
      if (!/^\s*(script-src|style-src)\s/.test(directive)) return directive;
      return directive.replace(HASH, (token) => (present.has(token.trim()) ? token : ""));
    })
    .join(";");
}
