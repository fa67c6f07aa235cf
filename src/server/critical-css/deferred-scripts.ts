/**
 * The page's module scripts start after its first frame (docs/decisions/0050-critical-css-per-page.md):
 * every `<script type="module" src="/_astro/...">` Astro wrote (the site shell's and the page's own
 * small scripts; islands load through their own runtime and are left alone) is replaced by one inline
 * module that, after the first animation frame, adds the same scripts again in the same order
 * (`async = false`: they run in document order, as before). Pure: the caller adds the loader's hash
 * to the CSP's script-src.
 */
import { createHash } from "node:crypto";

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

export function deferModuleScripts(html: string): { html: string; scriptHash: string } | null {
  const urls = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  const close = html.lastIndexOf("</body>");
  if (urls.length === 0 || close < 0) return null;
  const loader =
    `const u=${JSON.stringify(urls)};` +
    `requestAnimationFrame(()=>setTimeout(()=>{for(const s of u){const e=document.createElement("script");e.type="module";e.src=s;e.async=false;document.head.append(e)}}))`;
  const without = html.replace(MODULE_SCRIPT, "");
  const at = without.lastIndexOf("</body>");
  return {
    html: `${without.slice(0, at)}<script type="module">${loader}</script>${without.slice(at)}`,
    scriptHash: `'sha256-${createHash("sha256").update(loader).digest("base64")}'`,
  };
}
