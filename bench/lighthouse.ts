/**
 * Lighthouse (mobile: Lighthouse's default config, simulated slow 4G and a 4x slower CPU) against a
 * running shop, one fresh browser profile per page so every page is measured with a cold cache.
 * Drives the system's Chromium, or Playwright's own (e2e/chromium.ts), through playwright-core. Signed-in pages get the demo shopper's session cookies
 * (bench/lighthouse-session.ts) and keep them (Lighthouse's storage reset is off for them).
 *
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:4461 [--runs 5] [--busy-core] [--only home,login] [--json] [--audits] [--scripts] [--lcp [--requests]]
 *
 * The pages are decision 0066's list (home, products, a product with and without reviews,
 * instructions, login, sign-up, checkout, my orders, an order, a quote link) and a product with
 * personalisation (text and photo fields; the table's note says whether the crop view's code was
 * loaded, which it must not be before a touch); the order, the review, the quote and that product
 * are made first through the shop's API (bench/lighthouse-data.ts). `--busy-core`
 * keeps another process spinning on one core during the runs (bench/busy-core.ts). Each page's
 * performance score of every run is kept: the table shows the median and the lowest.
 *
 * `runLighthouse` is what `npm run bench` calls (bench/run.ts). Asserts nothing: it prints figures.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath } from "../e2e/chromium";
import { lighthouseTool } from "./tools";
import { busyCore } from "./busy-core";
import { prepareLighthouseData } from "./lighthouse-data";
import { signedInCookies, type BenchAccount, type SessionCookie } from "./lighthouse-session";
import {
  CATEGORIES,
  fmt,
  formatLighthouseTable,
  formatRunsTable,
  type LighthousePage,
  type LighthouseRow,
  toRow,
} from "./lighthouse-row";

export type { LighthouseRow } from "./lighthouse-row";

export interface LighthouseOptions {
  /** Runs per page; the row with the median performance score is kept. Default 1. */
  runs?: number;
  /**
   * Request each anonymous page twice before measuring it (default true): a shop's pages are seen
   * many times per catalogue version, and the page cache makes a page's smallest brotli copy in the
   * background after its first visit (page-cache.server.ts). Lighthouse should see what most visitors get.
   */
  warm?: boolean;
  /** Who signs in for `signedIn` pages. Default: the demo shopper. */
  account?: BenchAccount;
  chromiumPath?: string;
  /** Keep another process busy on one core during the runs. */
  busyCore?: boolean;
  log?: (line: string) => void;
}

/** Measures every page of `baseUrl` (a running shop) with Lighthouse mobile. */
export async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  options: LighthouseOptions = {},
): Promise<LighthouseRow[]> {
  const base = baseUrl.replace(/\/$/, "");
  const runs = Math.max(1, options.runs ?? 1);
  const log = options.log ?? (() => {});
  let cookies: SessionCookie[] | undefined;
  const rows: LighthouseRow[] = [];
  const busy = options.busyCore ? busyCore() : undefined;
  try {
    for (const page of pages) {
      if (options.warm !== false && !page.signedIn) await warmPage(`${base}${page.path}`);
      const attempts: LighthouseRow[] = [];
      for (let run = 0; run < runs; run++) {
        try {
          if (page.signedIn) cookies ??= await signedInCookies(base, options.account);
          attempts.push(
            await measure(base, page, page.signedIn ? cookies : undefined, options.chromiumPath),
          );
        } catch (error) {
          attempts.push(emptyRow(page, error instanceof Error ? error.message : String(error)));
        }
        log(
          `lighthouse ${page.name} run ${run + 1}/${runs}: performance ${attempts.at(-1)?.performance ?? "-"}`,
        );
      }
      rows.push({
        ...median(attempts),
        performanceRuns: attempts.map((a) => a.performance).filter((p): p is number => p !== null),
      });
    }
  } finally {
    busy?.stop();
  }
  return rows;
}

async function warmPage(url: string): Promise<void> {
  for (let i = 0; i < 2; i++)
    await (await fetch(url, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 500)); // the background brotli copy: ~60 ms a page
}

function emptyRow(page: LighthousePage, error: string): LighthouseRow {
  const { name, path: pagePath } = page;
  return {
    name,
    path: pagePath,
    performance: null,
    accessibility: null,
    bestPractices: null,
    seo: null,
    lcpMs: null,
    cls: null,
    tbtMs: null,
    jsBytes: 0,
    jsGzipBytes: 0,
    jsRequests: 0,
    scripts: [],
    react: false,
    failing: [],
    error,
  };
}

function median(rows: LighthouseRow[]): LighthouseRow {
  // By performance, ties by LCP: when the scores agree (all 100), the middle row is the median LCP.
  const scored = rows
    .filter((r) => r.performance !== null)
    .sort((a, b) => a.performance! - b.performance! || (b.lcpMs ?? 0) - (a.lcpMs ?? 0));
  return scored[Math.floor((scored.length - 1) / 2)] ?? rows[0]!;
}

async function measure(
  base: string,
  page: LighthousePage,
  cookies: SessionCookie[] | undefined,
  chromiumPathOverride?: string,
): Promise<LighthouseRow> {
  const profile = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPathOverride ?? chromiumPath(),
    headless: true,
    // Port 0: Chromium picks a free port and writes it to DevToolsActivePort in the profile.
    args: ["--remote-debugging-port=0"],
  });
  try {
    if (cookies) await context.addCookies(cookies);
    const port = Number(
      readFileSync(path.join(profile, "DevToolsActivePort"), "utf8").split("\n")[0],
    );
    const lighthouse = await lighthouseTool();
    const result = await lighthouse(`${base}${page.path}`, {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
      // Keep the session cookies: the profile is new, so the cache is cold anyway.
      disableStorageReset: Boolean(cookies),
    });
    if (!result) throw new Error("Lighthouse returned no result");
    return await toRow(page, result.lhr);
  } finally {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
}

export const PERSONALISED_PAGE = "product with personalisation";

/** The crop view's chunk (src/features/personalisation/PhotoCrop.tsx), loaded only on a touch. */
export const cropScripts = (row: LighthouseRow) =>
  row.scripts.filter((s) => /\/PhotoCrop\.[^/]*\.js$/.test(s.path)).map((s) => s.path);

/**
 * The storefront pages decision 0066 names, signed in where the page needs it; the order, the
 * review and the quote are made first (bench/lighthouse-data.ts), and a page whose data could not
 * be made is left out.
 */
export async function defaultPages(baseUrl: string): Promise<LighthousePage[]> {
  const base = baseUrl.replace(/\/$/, "");
  const data = await prepareLighthouseData(base);
  const products = (await (
    await fetch(`${base}/v2/products?limit=0&offset=0&status=active`)
  ).json()) as { id: string }[];
  const plain = products.find(
    (p) => p.id !== data.reviewedProduct && p.id !== data.personalisedProduct,
  );
  const productPath = (id: string) => `/products/product/${encodeURIComponent(id)}`;
  // The sign-up address is the shop's own (/join-{shortName}), read from its login page.
  const login = await (await fetch(`${base}/login`)).text();
  const signUp = /href="(\/join-[^"]+)"/.exec(login)?.[1];
  const pages: (LighthousePage | false | "" | undefined)[] = [
    { name: "home", path: "/" },
    { name: "products", path: "/products" },
    plain && { name: "product", path: productPath(plain.id) },
    data.reviewedProduct && {
      name: "product with reviews",
      path: productPath(data.reviewedProduct),
    },
    data.personalisedProduct && {
      name: PERSONALISED_PAGE,
      path: productPath(data.personalisedProduct),
    },
    { name: "instructions", path: "/instructions" },
    { name: "login", path: "/login" },
    signUp && { name: "sign-up", path: signUp },
    { name: "checkout", path: "/checkout", signedIn: true },
    { name: "my orders", path: "/my-orders", signedIn: true },
    data.orderId && { name: "an order", path: `/my-orders/${data.orderId}`, signedIn: true },
    data.quotePath && { name: "a quote link", path: data.quotePath },
  ];
  return pages.filter((p): p is LighthousePage => Boolean(p));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const baseUrl = args.find((a) => /^https?:\/\//.test(a)) ?? "http://127.0.0.1:4321";
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  const only = args.indexOf("--only") >= 0 ? args[args.indexOf("--only") + 1]!.split(",") : null;
  const pages = (await defaultPages(baseUrl)).filter((p) => !only || only.includes(p.name));
  const rows = await runLighthouse(baseUrl, pages, {
    runs,
    busyCore: args.includes("--busy-core"),
    log: (l) => console.error(l),
  });
  if (args.includes("--json")) console.log(JSON.stringify(rows, null, 2));
  else console.log(`${formatLighthouseTable(rows)}\n\n${formatRunsTable(rows)}`);
  const order = rows.find((r) => r.name === "an order");
  if (order && !args.includes("--json"))
    console.log(
      `\nThe order page's content (median run): LCP ${fmt(order.lcpMs)} ms, FCP ${fmt(order.lcp?.fcpMs ?? null)} ms (target: within 1 s).`,
    );
  const personalised = rows.find((r) => r.name === PERSONALISED_PAGE);
  if (personalised && !args.includes("--json")) {
    const crop = cropScripts(personalised);
    console.log(
      `\nThe product with personalisation: the crop view's code ${crop.length ? `WAS loaded before a touch (${crop.join(", ")})` : "was not loaded (it loads when the photo field is touched)"}.`,
    );
  }
  if (args.includes("--scripts")) {
    for (const row of rows)
      console.log(
        `\n${row.name}:\n  ${row.scripts.map((s) => `${s.bytes}\t${s.path}`).join("\n  ")}`,
      );
  }
  if (args.includes("--lcp")) {
    for (const row of rows) {
      const l = row.lcp;
      if (!l) continue;
      console.log(
        `\n${row.name}: LCP ${fmt(row.lcpMs)} ms, FCP ${fmt(l.fcpMs)} ms, document ${l.documentBytes} B\n  element: ${l.element}\n  observed subparts: ${JSON.stringify(l.subparts)}`,
      );
      if (args.includes("--requests")) console.log(`  ${l.requests.join("\n  ")}`);
    }
  }
  if (args.includes("--audits")) {
    for (const row of rows)
      if (row.failing.length) console.log(`\n${row.name}:\n  ${row.failing.join("\n  ")}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
