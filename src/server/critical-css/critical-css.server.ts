/**
 * Middleware: every HTML page carries, inline, only the CSS its own markup can use, and loads the
 * whole stylesheet without blocking the first paint (docs/decisions/0050-critical-css-per-page.md).
 *
 * Astro links the stylesheet (`build.inlineStylesheets: "never"`); this step replaces that
 * `<link>` with a `<style>` holding the page's critical rules (critical-css.ts) and a `<noscript>`
 * link; the whole sheet is added after the first frame by the loader of deferred-scripts.ts (the
 * React parts that render later need the rest). The `<style>`'s SHA-256 is added to the CSP's
 * `style-src`, beside Astro's own hashes: no 'unsafe-inline'; hashes of inline code the page does
 * not hold are then taken out (page-csp.ts). The page's module scripts are then
 * started after its first frame (deferred-scripts.ts; the loader's hash goes to `script-src`). Anonymous storefront pages pass here
 * once per catalogue version (they are kept afterwards, page-cache.server.ts); others per request.
 */
import { createHash } from "node:crypto";
import type { APIContext, MiddlewareNext } from "astro";
import stylesheet from "~/styles/global.css?inline";
import { classesInHtml, criticalCss, parseSheet, type ParsedSheet } from "./critical-css";
import { deferModuleScripts } from "./deferred-scripts";
import { keepPageHashes } from "./page-csp";

let parsed: ParsedSheet | undefined;

/** The site's stylesheet, parsed once on first use. */
function siteSheet(): ParsedSheet {
  parsed ??= parseSheet(stylesheet);
  return parsed;
}

const LINK = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/;

/** The page with its critical CSS inline and the stylesheet deferred, and the CSP naming its hash. */
export function inlineCriticalCss(
  html: string,
  csp: string | null,
  sheet?: ParsedSheet,
): { html: string; csp: string | null } | null {
  const link = LINK.exec(html);
  if (!link) return null;
  const css = criticalCss(sheet ?? siteSheet(), classesInHtml(html), html);
  const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
  // Without scripts the page keeps its critical rules and gets the whole sheet; with them the loader adds it.
  const replaced = `<style>${css}</style><noscript><link rel="stylesheet" href="${link[1]}"></noscript>`;
  let out = html.slice(0, link.index) + replaced + html.slice(link.index + link[0].length);
  let policy = csp === null ? null : addHash(csp, "style-src", hash);
  const deferred = deferModuleScripts(out, [link[1]!]);
  if (deferred) {
    out = deferred.html;
    policy = policy === null ? null : addHash(policy, "script-src", deferred.scriptHash);
  }
  return { html: out, csp: policy === null ? null : keepPageHashes(policy, out) };
}

function addHash(csp: string, directive: "style-src" | "script-src", hash: string): string {
  const named = new RegExp(`((?:^|;)\\s*${directive}\\s[^;]*?)(\\s*(?:;|$))`);
  if (named.test(csp)) return csp.replace(named, `$1 ${hash}$2`);
  return `${csp.trim().replace(/;?$/, ";")} ${directive} 'self' ${hash}`;
}

export async function criticalCssPages(
  _context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  const response = await next();
  if (
    !(response.headers.get("content-type") ?? "").includes("text/html") ||
    response.headers.has("content-encoding") ||
    !response.body
  )
    return response;
  const html = await response.text();
  const result = inlineCriticalCss(html, response.headers.get("content-security-policy"));
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (result?.csp) headers.set("content-security-policy", result.csp);
  return new Response(result?.html ?? html, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
