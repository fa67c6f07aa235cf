/**
 * JavaScript on a storefront page's first load, gzipped, from the build's own files
 * (docs/decisions/0223-javascript-budgets.md says what counts and why):
 * - a page's HTML (as the running shop sends it) names its first-load scripts: module scripts
 *   (`<script type="module" src>`), the static imports of its inline module scripts, the shell's
 *   scripts the page loads after its first frame (decision 0050: a `u=[...]` list of URLs), and
 *   every island that hydrates without a person's action (`client="load" | "idle" | "visible" |
 *   "media" | "only"`: its component and its renderer);
 * - each of those files in `dist/client` is followed through its static imports (`import … from
 *   "./x.js"`, `import "./x.js"`); dynamic `import()` is not followed (it runs on a click, a
 *   hover, or a decision the page makes at run time);
 * - the sum is the files' gzip size (level 9), each file once.
 * Pure reading: the e2e budget test (e2e/js-budgets.spec.ts) and the table's writer
 * (bench/js-budget-table.ts) share it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Where the e2e budget test writes its rows for bench/js-budget-table.ts. */
export const BUDGET_JSON = ".tmp/js-budgets.json";

export type PageKind = "content" | "catalogue" | "account" | "checkout";

/** Budgets on first load, gzip bytes (decision 0223). */
export const BUDGETS: Record<PageKind, number> = {
  content: 30_000,
  catalogue: 70_000,
  account: 80_000,
  checkout: 100_000,
};

export const KIND_LABEL: Record<PageKind, string> = {
  content: "content page",
  catalogue: "product or list page",
  account: "login or sign-up",
  checkout: "checkout",
};

export interface BudgetPage {
  name: string;
  path: string;
  kind: PageKind;
  /** Signed in as a shopper (the test's own account). */
  signedIn?: boolean;
}

export interface BudgetRow extends BudgetPage {
  gzipBytes: number;
  budget: number;
  /** Each file counted, with its gzip size, biggest first. */
  files: { file: string; gzipBytes: number }[];
}

const EAGER = new Set(["load", "idle", "visible", "media", "only"]);

/** The `/_astro/…` URLs a page's HTML loads without a person's action. */
export function firstLoadUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? "";
    if (!/type="module"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) {
      urls.add(src);
      continue;
    }
    const body = m[2] ?? "";
    for (const i of body.matchAll(/import\s*(?:[\w{}\s,*$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g))
      urls.add(i[1]!);
    // The shell's scripts, loaded after the first frame (src/server/critical-css/…: `u=[...]`).
    for (const list of body.matchAll(/\b\w+=\[((?:"\/_astro\/[^"]+\.js",?)+)\]/g))
      for (const u of list[1]!.matchAll(/"([^"]+)"/g)) urls.add(u[1]!);
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = m[1] ?? "";
    const client = /\bclient="([^"]+)"/.exec(attrs)?.[1];
    if (!client || !EAGER.has(client)) continue;
    for (const name of ["component-url", "renderer-url"]) {
      const url = new RegExp(`\\b${name}="([^"]+)"`).exec(attrs)?.[1];
      if (url) urls.add(url);
    }
  }
  return [...urls].filter((u) => u.startsWith("/_astro/"));
}

/** The static imports of one built module (relative specifiers, resolved to `/_astro/…`). */
export function staticImports(code: string, from: string): string[] {
  const found: string[] = [];
  // Rolldown's output: `import{a as b}from"./x.js";` and `import"./x.js";` at the top level.
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s*[\w$]+)?\s*(?:from\s*)?["']([^"']+)["']/g,
  )) {
    const spec = m[1]!;
    if (!spec.startsWith(".") && !spec.startsWith("/")) continue;
    found.push(spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(from), spec));
  }
  return found;
}

/** Every file a page's first load fetches: the URLs and their static imports, each once. */
export function firstLoadFiles(clientDir: string, urls: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(clientDir, url), "utf8");
    queue.push(...staticImports(code, url));
  }
  return [...seen];
}

const gzipCache = new Map<string, number>();
export function gzipBytes(clientDir: string, url: string): number {
  const key = path.join(clientDir, url);
  let size = gzipCache.get(key);
  if (size === undefined) {
    size = gzipSync(readFileSync(key), { level: 9 }).length;
    gzipCache.set(key, size);
  }
  return size;
}

/** The row of one page from its HTML. */
export function budgetRow(clientDir: string, page: BudgetPage, html: string): BudgetRow {
  const files = firstLoadFiles(clientDir, firstLoadUrls(html))
    .map((file) => ({ file, gzipBytes: gzipBytes(clientDir, file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    ...page,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    budget: BUDGETS[page.kind],
    files,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The Markdown table docs/performance.md shows. */
export function budgetTable(rows: BudgetRow[]): string {
  const head = ["Page", "Kind", "First-load JavaScript (gzip)", "Budget", "Within", "Biggest file"];
  const body = rows.map((r) => [
    `${r.name} \`${r.path}\``,
    KIND_LABEL[r.kind],
    kB(r.gzipBytes),
    kB(r.budget),
    r.gzipBytes <= r.budget ? "yes" : "**no**",
    r.files[0] ? `${r.files[0].file.replace("/_astro/", "")} (${kB(r.files[0].gzipBytes)})` : "-",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const right = new Set([2, 3]);
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (right.has(i) ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(head), rule, ...body.map(line)].join("\n");
}
