/**
 * A built shop on a scratch database for the benchmark: PGlite in a temporary folder, or a new
 * database created on the PostgreSQL server named by BENCH_DATABASE_URL (and dropped afterwards).
 * Never the demo's ./data or an existing database. The server is the one `npm start` runs
 * (src/server/serve/serve.ts around dist/server/entry.mjs), on a spare port.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "~/server/db/client";
import { buildIsStale, SERVER_ENV, serverArgs } from "~/server/cli/start";
import { waitForHttp } from "~/server/cli/processes";

export type Engine = "pglite" | "postgres";

export interface ScratchDb {
  engine: Engine;
  /** DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) for the server. */
  env: Record<string, string>;
  /** Opens it in this process (PGlite: only while no server holds the folder). */
  open: () => Promise<{ db: Db; close: () => Promise<void> }>;
  drop: () => Promise<void>;
}

export async function scratchDb(engine: Engine): Promise<ScratchDb> {
  if (engine === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "resin-bench-"));
    return {
      engine,
      env: { DATA_DIR: dir },
      open: () => openDb({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) throw new Error("BENCH_DATABASE_URL is not set");
  const { default: pg } = await import("pg");
  const name = `resin_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    engine,
    env: { DATABASE_URL: url.toString() },
    open: () => openDb({ url: url.toString() }),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}

export function ensureBuild(): void {
  if (!buildIsStale()) return;
  console.log("Building the shop first (npm run build)...");
  // The whole build (Astro's and the serve bundle), or the build stays stale (start.ts, buildIsStale).
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

export interface RunningShop {
  base: string;
  pid: number;
  /** Resident memory of the server process, in MB. */
  rssMb: () => number;
  /** CPU seconds (user + system) the server process has used. */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
}

/** Resident memory (MB) and CPU seconds (user + system) of a running process, from /proc. */
export function processProbe(pid: number): { rssMb: () => number; cpuSeconds: () => number } {
  return {
    rssMb: () => {
      const line = readFileSync(`/proc/${pid}/status`, "utf8")
        .split("\n")
        .find((l) => l.startsWith("VmRSS:"));
      return Math.round(Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) / 1024);
    },
    cpuSeconds: () => {
      // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
  };
}

/**
 * Port of the Auth Emulator the bench may start for signed-in Lighthouse pages (uses +1, +2 too);
 * BENCH_EMULATOR_PORT moves it (two checkouts benching at once).
 */
export const BENCH_EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4456);

/** First port of the bench's shops (the api part +0/+1, the large part +2/+3); BENCH_API_PORT moves them. */
export const BENCH_API_PORT = Number(process.env.BENCH_API_PORT ?? 4451);

/** `env`: more settings for this start (the rush's emulator, payment provider and limits). */
export async function startShop(
  db: ScratchDb,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningShop> {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...SERVER_ENV,
    ...db.env,
    ...(db.engine === "pglite" ? { DATABASE_URL: "" } : {}),
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_SITE_URL: `http://localhost:${port}`,
    DEMO_MODE: "true",
    FIREBASE_PROJECT_ID: "demo-resin",
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${BENCH_EMULATOR_PORT}`,
    BACKGROUND_JOBS: "false",
    SHOP_SERVER_PROCESS: "1",
    ASTRO_NODE_LOGGING: "disabled",
    ...env,
  };
  // BENCH_NODE_FLAGS: more flags for the server's node (after its own, so they win), e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (a V8 CPU profile written when it stops) or "--trace-gc" (printed with the bench's output).
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const args = serverArgs(childEnv.DATABASE_URL, flags);
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ["ignore", flags.length > 0 ? "inherit" : "ignore", "inherit"],
    env: childEnv,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, 60_000, child);
  const pid = child.pid!;
  return {
    base,
    pid,
    ...processProbe(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
