/**
 * A Lighthouse run's row (bench/lighthouse.ts measures): the four category scores, LCP, CLS and TBT,
 * the JavaScript shipped (transferred, gzipped here, React or not), the failing audits and, with
 * `--lcp`, what the largest paint waited for; and the table `npm run bench` prints.
 */
import { gzipSync } from "node:zlib";
import type { Lhr } from "./tools";

export interface LighthousePage {
  name: string;
  path: string;
  signedIn?: boolean;
}

export interface LighthouseRow {
  name: string;
  path: string;
  /** Category scores 0-100; null when Lighthouse could not score it (see `error`). */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** JavaScript transferred (compressed bytes over the wire), and how many script requests. */
  jsBytes: number;
  /** The same scripts gzipped here (level 6), for a shop that serves them uncompressed. */
  jsGzipBytes: number;
  jsRequests: number;
  /** Each script: its path and the bytes transferred. */
  scripts: { path: string; bytes: number }[];
  /** True when one of the page's scripts is React (its runtime, or react-dom). */
  react: boolean;
  /** Audits of the four categories that did not pass (id: title), for fixing. */
  failing: string[];
  /** What the largest paint was and what delayed it (`--lcp`): the element, FCP, the trace's LCP subparts, the document's bytes. */
  lcp?: {
    element: string;
    fcpMs: number | null;
    subparts: Record<string, number>;
    documentBytes: number;
    requests: string[];
  };
  /** Every run's performance score (the row's other figures are the median run's). */
  performanceRuns?: number[];
  error?: string;
}

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export async function toRow(page: LighthousePage, lhr: Lhr): Promise<LighthouseRow> {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  const requests =
    (
      lhr.audits["network-requests"]?.details as
        | {
            items?: {
              url: string;
              resourceType?: string;
              transferSize?: number;
              networkRequestTime?: number;
            }[];
          }
        | undefined
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const failing = new Set<string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || (ref.weight === 0 && audit.scoreDisplayMode !== "metricSavings")) continue;
      if (
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "notApplicable"
      ) {
        failing.add(
          `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
        );
      }
    }
  }
  const cls = numeric("cumulative-layout-shift");
  return {
    name: page.name,
    path: page.path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: cls === null ? null : Math.round(cls * 10_000) / 10_000,
    tbtMs: numeric("total-blocking-time"),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsRequests: scripts.length,
    scripts: scripts.map((r) => ({ path: new URL(r.url).pathname, bytes: r.transferSize ?? 0 })),
    ...(await inspectScripts(scripts.map((s) => s.url))),
    failing: [...failing],
    lcp: lcpDetails(lhr, requests),
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
  };
}

type ListDetails = {
  items?: {
    type?: string;
    items?: { subpart?: string; duration?: number }[];
    snippet?: string;
    selector?: string;
    nodeLabel?: string;
  }[];
};

/** The largest paint's element and subparts (Lighthouse 13's lcp-breakdown insight) and the requests started before it. */
function lcpDetails(
  lhr: Lhr,
  requests: {
    url: string;
    resourceType?: string;
    transferSize?: number;
    networkRequestTime?: number;
  }[],
): LighthouseRow["lcp"] {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as ListDetails | undefined;
  const subparts: Record<string, number> = {};
  let element = "";
  for (const part of details?.items ?? []) {
    if (part.type === "table")
      for (const row of part.items ?? [])
        if (row.subpart) subparts[row.subpart] = Math.round(row.duration ?? 0);
    if (part.type === "node") element = `${part.selector ?? ""} ${part.snippet ?? ""}`.trim();
  }
  const fcp = lhr.audits["first-contentful-paint"]?.numericValue;
  const document = requests.find((r) => r.resourceType === "Document");
  const start = requests[0]?.networkRequestTime ?? 0;
  return {
    element,
    fcpMs: typeof fcp === "number" ? Math.round(fcp) : null,
    subparts,
    documentBytes: document?.transferSize ?? 0,
    requests: requests.map(
      (r) =>
        `${Math.round((r.networkRequestTime ?? 0) - start)}ms ${r.resourceType ?? "?"} ${r.transferSize ?? 0}B ${new URL(r.url).pathname}`,
    ),
  };
}

/**
 * Fetches the page's scripts again: their gzipped size, and whether one is React (React 19's
 * element symbol and react-dom's root API appear only in React's own chunks).
 */
async function inspectScripts(urls: string[]): Promise<{ jsGzipBytes: number; react: boolean }> {
  let jsGzipBytes = 0;
  let react = false;
  for (const url of urls) {
    try {
      const text = await (await fetch(url, { headers: { "accept-encoding": "identity" } })).text();
      jsGzipBytes += gzipSync(text, { level: 6 }).length;
      if (text.includes("react.transitional.element") || text.includes("createRoot(...)"))
        react = true;
    } catch {
      /* an unreachable script cannot be inspected; it is counted in jsBytes all the same */
    }
  }
  return { jsGzipBytes, react };
}

export const fmt = (value: number | null, digits = 0) =>
  value === null ? "-" : value.toFixed(digits);

/** One line per page: scores, LCP/CLS/TBT and the JavaScript shipped. */
export function formatLighthouseTable(rows: LighthouseRow[]): string {
  const head = [
    "page",
    "perf",
    "a11y",
    "best",
    "seo",
    "LCP ms",
    "CLS",
    "TBT ms",
    "JS kB",
    "JS gz kB",
    "req",
    "React",
  ];
  const body = rows.map((r) => [
    r.name,
    fmt(r.performance),
    fmt(r.accessibility),
    fmt(r.bestPractices),
    fmt(r.seo),
    fmt(r.lcpMs),
    fmt(r.cls, 3),
    fmt(r.tbtMs),
    (r.jsBytes / 1000).toFixed(1),
    (r.jsGzipBytes / 1000).toFixed(1),
    String(r.jsRequests),
    r.react ? "yes" : "no",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const errors = rows.filter((r) => r.error).map((r) => `  ${r.name}: ${r.error}`);
  return [line(head), ...body.map(line), ...(errors.length ? ["errors:", ...errors] : [])].join(
    "\n",
  );
}

/** Each page's performance over its runs: median, lowest, how many reached 95; the median run's LCP and TBT. */
export function formatRunsTable(rows: LighthouseRow[]): string {
  const head = ["Page", "Runs", "Median", "Lowest", "Runs >= 95", "LCP", "TBT", "JavaScript"];
  const body = rows.map((r) => {
    const runs = [...(r.performanceRuns ?? [])].sort((a, b) => a - b);
    const mid = runs.length ? runs[Math.floor((runs.length - 1) / 2)]! : null;
    return [
      `${r.name} \`${r.path}\``,
      String(runs.length),
      fmt(mid),
      fmt(runs[0] ?? null),
      `${runs.filter((p) => p >= 95).length} of ${runs.length}`,
      r.lcpMs === null ? "-" : `${Math.round(r.lcpMs)} ms`,
      r.tbtMs === null ? "-" : `${Math.round(r.tbtMs)} ms`,
      `${(r.jsBytes / 1000).toFixed(1)} kB`,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`;
  return [line(head), rule, ...body.map(line)].join("\n");
}
