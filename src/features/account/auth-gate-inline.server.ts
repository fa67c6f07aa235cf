/**
 * The admin gate's check as the parser reaches it (docs/decisions/0153-admin-first-rows-as-html.md):
 * a small inline script right after AuthGate.astro's admin markup, so the rows the /admin document
 * carries show at the first paint instead of after the shell's scripts (which start after the
 * first frame, decision 0050). It does what runAuthGates (auth-gate.ts) does for the admin gate,
 * from the same cookies: no session -> /login with the location (loginUrl: the page's own path is
 * already a safe one), not on the team (src/lib/roles.ts) -> /unauthorized, else the content is shown. The gate's module
 * script still runs afterwards (and again on a back/forward-cache restore); until one of them has
 * run the page says 'Checking authentication...'. The page's CSP names the script's hash.
 */
import { createHash } from "node:crypto";
import { TOKEN_COOKIE, USER_COOKIE } from "~/lib/cookies";
import { STAFF_ROLES } from "~/lib/roles";

const name = JSON.stringify;

/** The script's text (run in the browser as written: plain JavaScript, no imports). */
export const ADMIN_GATE_NOW =
  `(()=>{const g=document.currentScript?.previousElementSibling;` +
  `if(!g||g.dataset.authGate!=="admin")return;` +
  `const c=n=>{for(const p of document.cookie.split(";")){const i=p.indexOf("=");` +
  `if(i>=0&&p.slice(0,i).trim()===n)return p.slice(i+1).trim()}return null};` +
  `let u=null;try{u=JSON.parse(decodeURIComponent(c(${name(USER_COOKIE)})??""))}catch{}` +
  `if(!c(${name(TOKEN_COOKIE)})||!u||typeof u!=="object"||typeof u.uid!=="string"||!u.uid){` +
  `location.replace("/login?redirect="+encodeURIComponent(location.pathname+location.search));return}` +
  `if(!${name(STAFF_ROLES)}.includes(u.role)){location.replace("/unauthorized");return}` +
  `g.querySelector("[data-auth-checking]")?.remove();` +
  `const s=g.querySelector("[data-auth-content]");if(s)s.hidden=false})()`;

/** Its CSP hash, as Astro's `insertScriptHash` takes it. */
export const ADMIN_GATE_NOW_HASH: `sha256-${string}` = `sha256-${createHash("sha256")
  .update(ADMIN_GATE_NOW)
  .digest("base64")}`;
