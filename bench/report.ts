/**
 * What `npm run bench` prints and writes: one table per database engine (requests/s, p50, p99,
 * errors, share of the static ceiling, server memory), the 10,000-product figures, Lighthouse's
 * rows; the same as JSON under bench/results/, and docs/performance.md.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LargeFigures } from "./large";
import type { LighthouseRow } from "./lighthouse";
import { formatRunsTable } from "./lighthouse-row";
import type { LoadRow } from "./load";
import type { RushFigures } from "./rush";
import { type RaceFigures, raceTable } from "./race";
import { rushTable } from "./rush-report";

export interface EngineResult {
  engine: string;
  connections: number;
  seconds: number;
  rows: LoadRow[];
  large?: LargeFigures;
  rush?: RushFigures;
  race?: RaceFigures;
}

export interface BenchResult {
  at: string;
  command: string;
  machine: { cpus: number; model: string; memoryGb: number; node: string; loadAverage: number[] };
  engines: EngineResult[];
  lighthouse?: LighthouseRow[];
  notes: string[];
}

export function machine(): BenchResult["machine"] {
  const list = cpus();
  return {
    cpus: list.length,
    model: list[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
  };
}

const pct = (ratio: number | undefined) =>
  ratio === undefined ? "" : `${(ratio * 100).toFixed(1)} %`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...rows.map(line),
  ].join("\n");
}

export function loadTable(rows: LoadRow[]): string {
  // The Caddy column only when the run had Caddy (older results and machines without it have not).
  const caddy = rows.some((r) => r.caddyRatio !== undefined);
  const tool = rows.some((r) => r.loadCpuUsPerAnswer !== undefined);
  return table(
    [
      "Route",
      "Requests/s",
      "p50",
      "p99",
      "Errors",
      "Share of ceiling",
      ...(caddy ? ["Share of Caddy"] : []),
      "Server CPU/answer",
      ...(tool ? ["Load tool CPU/answer"] : []),
      "Bytes/answer",
      "Server RSS",
    ],
    rows.map((r) => [
      `${r.name} \`${r.path}\``,
      String(r.requestsPerSec),
      `${r.p50Ms} ms`,
      `${r.p99Ms} ms`,
      String(r.errors),
      pct(r.ratio),
      ...(caddy ? [pct(r.caddyRatio)] : []),
      `${r.cpuUsPerAnswer} µs`,
      ...(tool ? [r.loadCpuUsPerAnswer === undefined ? "-" : `${r.loadCpuUsPerAnswer} µs`] : []),
      String(r.bytesPerAnswer),
      `${r.rssMb} MB`,
    ]),
  );
}

/** The targets against Caddy's file server (docs/performance.md): figures, never assertions. */
export const CADDY_TARGETS = { "catalogue API": 0.8, "product page": 0.6 } as const;

/** "Against Caddy's file server, same run: catalogue API 45.1 % (target ≥ 80 %: below), ...". */
export function caddyTargets(rows: LoadRow[]): string {
  const parts = Object.entries(CADDY_TARGETS).map(([name, target]) => {
    const share = rows.find((r) => r.name === name)?.caddyRatio;
    const verdict = share === undefined ? "not measured" : share >= target ? "met" : "below";
    return `${name} ${share === undefined ? "-" : pct(share)} (target ≥ ${target * 100} %: ${verdict})`;
  });
  // The same ratio read from CPU time (Caddy's CPU per answer over the route's), which a busy
  // machine disturbs less than requests per second: an equal share of the cores gives this share.
  const caddy = rows.find((r) => r.caddyRatio === 1);
  const cpu = Object.keys(CADDY_TARGETS).map((name) => {
    const row = rows.find((r) => r.name === name);
    return row?.cpuUsPerAnswer && caddy
      ? `${name} ${pct(caddy.cpuUsPerAnswer / row.cpuUsPerAnswer)} (${row.cpuUsPerAnswer} µs)`
      : `${name} -`;
  });
  return [
    `Against Caddy's file server, same run: ${parts.join(", ")}.`,
    ...(caddy
      ? [
          `By server CPU per answer (Caddy ${caddy.cpuUsPerAnswer} µs over the route's): ${cpu.join(", ")}.`,
        ]
      : []),
  ].join("\n");
}

export function largeTable(large: LargeFigures): string {
  const rows = large.rows.map((r) => [
    `${r.name} \`${r.path}\``,
    String(r.requestsPerSec),
    `${r.p50Ms} ms`,
    `${r.p99Ms} ms`,
    String(r.errors),
    r.p99Ms < 100 ? "yes" : "NO",
    `${r.rssMb} MB`,
  ]);
  const f = large.fullList;
  return [
    `${large.activeProducts} active products, 10 connections:`,
    "",
    table(["Route", "Requests/s", "p50", "p99", "Errors", "p99 < 100 ms", "Server RSS"], rows),
    "",
    `GET /v2/products?limit=0: ${(f.bytesDecoded / 2 ** 20).toFixed(1)} MB of JSON (${(f.bytesOnWire / 2 ** 20).toFixed(2)} MB brotli on the wire); ` +
      `first read ${f.coldMs} ms (built from the database in pages of 500), next read ${f.warmMs} ms; server RSS ${f.rssBeforeMb} MB before, ${f.rssAfterMb} MB after ` +
      `(target < 300 MB: ${f.rssAfterMb < 300 ? "yes" : "NO"}).`,
  ].join("\n");
}

/** Scores, the three timings and the JavaScript each page ships (kB over the wire), one row per page. */
export function lighthouseTable(rows: LighthouseRow[]): string {
  const score = (value: number | null) => (value === null ? "-" : String(value));
  const ms = (value: number | null) => (value === null ? "-" : `${Math.round(value)} ms`);
  return table(
    [
      "Page",
      "Performance",
      "Accessibility",
      "Best practices",
      "SEO",
      "LCP",
      "CLS",
      "TBT",
      "JavaScript",
      "React",
    ],
    rows.map((row) => [
      `${row.name} \`${row.path}\``,
      score(row.performance),
      score(row.accessibility),
      score(row.bestPractices),
      score(row.seo),
      ms(row.lcpMs),
      row.cls === null ? "-" : row.cls.toFixed(3),
      ms(row.tbtMs),
      `${(row.jsBytes / 1000).toFixed(1)} kB`,
      row.react ? "yes" : "no",
    ]),
  );
}

export function render(result: BenchResult): string {
  const parts: string[] = [];
  const m = result.machine;
  parts.push(
    `Machine: ${m.cpus} × ${m.model}, ${m.memoryGb} GB, Node ${m.node}, load average ${m.loadAverage.join(" / ")} at the start.`,
  );
  for (const e of result.engines) {
    if (e.rows.length > 0)
      parts.push(
        `\n### ${e.engine}: ${e.connections} connections, ${e.seconds} s per route\n\n${loadTable(e.rows)}`,
      );
    if (e.rows.some((r) => r.caddyRatio !== undefined)) parts.push(`\n${caddyTargets(e.rows)}`);
    if (e.large) parts.push(`\n### ${e.engine}: 10,000 products\n\n${largeTable(e.large)}`);
    if (e.rush) parts.push(`\n### ${e.engine}: checkout under a rush\n\n${rushTable(e.rush)}`);
    if (e.race) parts.push(`\n### ${e.engine}: stock race\n\n${raceTable(e.race)}`);
  }
  if (result.lighthouse)
    parts.push(
      `\n### Lighthouse (mobile)\n\n${lighthouseTable(result.lighthouse)}\n\n${formatRunsTable(result.lighthouse)}`,
    );
  for (const note of result.notes) parts.push(`\n${note}`);
  return parts.join("\n");
}

/**
 * Sections of docs/performance.md written by hand (the orders dashboard's figures from
 * bench/admin-orders.ts, the install's): kept, from the first of them to the end, when the bench
 * rewrites the file.
 */
const HAND_WRITTEN = [
  "## The real ceiling: Caddy's file server",
  "## Checkout under a rush",
  "## Stock race",
  "## Admin orders at 100,000",
  "## Installing",
];

function handWritten(): string {
  const file = path.resolve("docs/performance.md");
  if (!existsSync(file)) return "";
  const doc = readFileSync(file, "utf8");
  const starts = HAND_WRITTEN.map((h) => doc.indexOf(`\n${h}`)).filter((i) => i >= 0);
  return starts.length === 0 ? "" : doc.slice(Math.min(...starts));
}

export function writeResults(result: BenchResult, updateDocs: boolean): string {
  const dir = path.resolve("bench/results");
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const file = path.join(dir, `${result.at.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, json);
  writeFileSync(path.join(dir, "latest.json"), json);
  if (updateDocs) {
    const doc = [
      "# Performance",
      "",
      "Written by `npm run bench` (bench/run.ts); the design is in",
      "[decision 0040](decisions/0040-catalogue-cache.md) (the catalogue from memory) and",
      "[decision 0041](decisions/0041-compression.md) (compression, static files), the server's memory in",
      "[decision 0048](decisions/0048-server-memory.md). The JSON of every run is",
      "under `bench/results/` (`latest.json` is this one).",
      "",
      `Latest run: ${result.at}, \`${result.command}\`.`,
      "",
      "How it measures: it builds the shop when the build is stale, seeds a scratch database (a temporary",
      "PGlite folder; a new database on `BENCH_DATABASE_URL` for PostgreSQL, dropped afterwards), starts the",
      "server `npm start` runs on port 4451, warms each route with a few requests, then runs autocannon",
      "with `Accept-Encoding: br, gzip, deflate` as a browser sends. The static ceiling is the catalogue's own",
      "`GET /v2/products?limit=0` body copied into the build's client folder as `/_bench/catalogue.json` for",
      "the run (removed afterwards), so it is the same JSON served as a static file by the same server.",
      "The real ceiling is Caddy's file server serving that same JSON from a temporary folder, with",
      "its brotli and gzip files beside it (`file_server { precompressed br gzip }`, bench/caddy.ts; on",
      '127.0.0.1, stopped after the run): "Share of Caddy" is each route\'s requests per second as a',
      "share of Caddy's in the same run, with the targets (catalogue API ≥ 80 %, product page ≥ 60 %)",
      "printed under the table. Without `caddy` installed (or `CADDY` naming it) that row is left out.",
      "Each route's seconds run as 4 slices, the routes taking turns (`--rounds`), so other work on the",
      "machine weighs on every row alike; the load tool's own CPU per answer is printed beside the server's.",
      "The load tool runs on the same machine as the server, and this machine is shared (the load average",
      "below was taken at the start): compare the ratios and the server CPU per answer (user + system time",
      "of the server process divided by the answers, which other processes barely disturb), not the",
      "absolute requests per second. Server RSS is the resident memory of the server process: with PGlite",
      "the database engine (its WebAssembly memory, shared buffers included) lives inside that process,",
      "about 100-150 MB of it; with PostgreSQL it is the app server alone.",
      "",
      render(result),
      "",
    ].join("\n");
    // The hand-written sections (the orders dashboard's figures, the install's) are kept.
    writeFileSync(path.resolve("docs/performance.md"), doc + handWritten());
  }
  return file;
}
