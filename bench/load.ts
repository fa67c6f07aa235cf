/**
 * One load run with autocannon: N connections for D seconds against one address (or a rotating set),
 * with the Accept-Encoding a browser sends. Answers the figures the bench prints.
 */
import { autocannonTool } from "./tools";

export const BROWSER_HEADERS = { "accept-encoding": "br, gzip, deflate" };

export interface LoadRow {
  name: string;
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx/304. */
  errors: number;
  requests: number;
  /** Bytes per answer on the wire (compressed when the server compressed). */
  bytesPerAnswer: number;
  /** Server CPU time per answer (user + system), microseconds: steadier than requests/s on a shared machine. */
  cpuUsPerAnswer: number;
  /**
   * The load tool's own CPU time per answer (autocannon runs inside the bench's process, on the same
   * cores): when it nears 1 / (requests per second), the load tool, not the server, set the rate.
   */
  loadCpuUsPerAnswer?: number;
  /** Server resident memory after the run, MB. */
  rssMb: number;
  /** Requests per second as a share of the static ceiling (1 = 100 %). */
  ratio?: number;
  /** Requests per second as a share of Caddy's file server serving the same JSON precompressed (bench/caddy.ts). */
  caddyRatio?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/** Runs autocannon against `base + paths[i]`, rotating over `paths` when several are given. */
export interface ServerProbe {
  rssMb: () => number;
  /** CPU seconds the server process has used so far. */
  cpuSeconds: () => number;
}

export async function load(
  base: string,
  name: string,
  paths: string[],
  options: LoadOptions,
  server: ServerProbe,
): Promise<LoadRow> {
  let next = 0;
  const cpuBefore = server.cpuSeconds();
  const ownBefore = process.cpuUsage();
  const autocannon = await autocannonTool();
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  });
  const cpu = server.cpuSeconds() - cpuBefore;
  const own = process.cpuUsage(ownBefore);
  const bad = result.non2xx - (result.statusCodeStats?.["304"]?.count ?? 0);
  return {
    name,
    path: paths.length === 1 ? paths[0]! : `${paths[0]} (+${paths.length - 1} more)`,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + Math.max(0, bad),
    requests: result.requests.total,
    bytesPerAnswer:
      result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    cpuUsPerAnswer: result.requests.total > 0 ? Math.round((cpu * 1e6) / result.requests.total) : 0,
    loadCpuUsPerAnswer:
      result.requests.total > 0 ? Math.round((own.user + own.system) / result.requests.total) : 0,
    rssMb: server.rssMb(),
  };
}

/**
 * One row from the same route's slices (runs of equal length, interleaved with the other routes'):
 * requests per second and the per-answer figures over all of them, the worst slice's p99.
 */
export function mergeSlices(slices: LoadRow[]): LoadRow {
  const first = slices[0]!;
  const requests = slices.reduce((sum, r) => sum + r.requests, 0);
  const weighted = (pick: (r: LoadRow) => number) =>
    requests > 0
      ? Math.round(slices.reduce((sum, r) => sum + pick(r) * r.requests, 0) / requests)
      : 0;
  return {
    ...first,
    requestsPerSec: Math.round(
      slices.reduce((sum, r) => sum + r.requestsPerSec, 0) / slices.length,
    ),
    p50Ms: weighted((r) => r.p50Ms),
    p99Ms: Math.max(...slices.map((r) => r.p99Ms)),
    errors: slices.reduce((sum, r) => sum + r.errors, 0),
    requests,
    bytesPerAnswer: weighted((r) => r.bytesPerAnswer),
    cpuUsPerAnswer: weighted((r) => r.cpuUsPerAnswer),
    loadCpuUsPerAnswer: weighted((r) => r.loadCpuUsPerAnswer ?? 0),
    rssMb: slices.at(-1)!.rssMb,
  };
}

/** A few requests first, so the run measures the warm server (caches built, code compiled). */
export async function warm(base: string, paths: string[], times = 3): Promise<void> {
  for (let i = 0; i < times; i++) {
    for (const path of paths) {
      const response = await fetch(base + path, { headers: BROWSER_HEADERS });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status} while warming up`);
    }
  }
}
