/**
 * The page's stylesheet and module scripts start after its first frame
 * (docs/decisions/0050-critical-css-per-page.md): every `<script type="module" src="/_astro/...">`
 * Astro wrote (the site shell's and the page's own small scripts; islands load through their own
 * runtime and are left alone) is removed, and one inline module before `</body>` adds, after the
 * first animation frame, the stylesheet(s) given and then the same scripts in the same order
 * (`async = false`: they run in document order, as before). On a page with an early-submit form
 * the loader also holds its submits until then. Pure: the caller adds the loader's hash to the
 * CSP's script-src.
 */
import { createHash } from "node:crypto";

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

/**
 * On a page with a form that works from the first paint (docs/decisions/0077-first-paint-forms.md),
 * a submit is held from the moment the page is parsed: the shell's script that shows "Getting
 * ready..." (src/components/ui/early-submit.ts) starts only after the first frame, and a tap in
 * between would otherwise post the form natively. The island sends the held submit once hydrated.
 */
const HOLD_EARLY_SUBMITS =
  `document.addEventListener("submit",e=>{const f=e.target;` +
  `f instanceof HTMLFormElement&&f.matches("form[data-early-submit]:not([data-hydrated])")&&` +
  `(e.preventDefault(),f.dataset.pendingSubmit="")},!0);`;

export function deferModuleScripts(
  html: string,
  stylesheets: string[] = [],
): { html: string; scriptHash: string } | null {
  const urls = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  if ((urls.length === 0 && stylesheets.length === 0) || html.lastIndexOf("</body>") < 0)
    return null;
  const loader =
    `const c=${JSON.stringify(stylesheets)},u=${JSON.stringify(urls)};` +
    (html.includes("data-early-submit") ? HOLD_EARLY_SUBMITS : "") +
    `requestAnimationFrame(()=>setTimeout(()=>{` +
    `for(const h of c){const l=document.createElement("link");l.rel="stylesheet";l.href=h;document.head.append(l)}` +
    `for(const s of u){const e=document.createElement("script");e.type="module";e.src=s;e.async=false;document.head.append(e)}}))`;
  const without = html.replace(MODULE_SCRIPT, "");
  const at = without.lastIndexOf("</body>");
  return {
    html: `${without.slice(0, at)}<script type="module">${loader}</script>${without.slice(at)}`,
    scriptHash: `'sha256-${createHash("sha256").update(loader).digest("base64")}'`,
  };
}
