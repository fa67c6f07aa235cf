/**
 * The benchmark's own tools (Lighthouse, autocannon) are not in the shop's install: `npm run bench`
 * installs them into bench/node_modules the first time (bench/package.json pins them), so
 * `npm install` stays small for everyone who only starts and tests the shop
 * (docs/decisions/0070-a-lighter-install.md). Imported by name at run time, typed here with the
 * parts the benchmark reads, so typechecking never needs them installed.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const TOOLS = ["lighthouse", "autocannon"] as const;

/** Installs the tools into bench/node_modules when one is missing (once; npm's cache after that). */
export function ensureBenchTools(): void {
  const missing = TOOLS.filter(
    (name) => !existsSync(path.join(BENCH, "node_modules", name, "package.json")),
  );
  if (missing.length === 0) return;
  console.log(
    `Installing the benchmark's tools into bench/node_modules (${missing.join(", ")})...`,
  );
  const result = spawnSync(
    "npm",
    ["install", "--prefix", BENCH, "--no-audit", "--no-fund", "--no-package-lock"],
    { stdio: "inherit" },
  );
  if (result.status !== 0)
    throw new Error("Could not install the benchmark's tools: run `npm install --prefix bench`.");
}

export interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: unknown;
}

/** The parts of Lighthouse's result (LH.Result) the benchmark reads. */
export interface Lhr {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<string, LighthouseAudit | undefined>;
  runtimeError?: { code?: string; message: string };
}

export type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: Lhr } | undefined>;

/** The parts of autocannon's options and result the benchmark uses. */
export interface AutocannonRequest {
  setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
}
export interface AutocannonResult {
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number } | undefined>;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
}
export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

// A specifier in a variable: TypeScript does not look the package up (it may not be installed).
const load = async <T>(name: (typeof TOOLS)[number]): Promise<T> => {
  ensureBenchTools();
  const specifier: string = name;
  return ((await import(specifier)) as { default: T }).default;
};

export const lighthouseTool = () => load<Lighthouse>("lighthouse");
export const autocannonTool = () => load<Autocannon>("autocannon");
