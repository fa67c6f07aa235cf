/**
 * The real ceiling (docs/performance.md, "The real ceiling: Caddy's file server"): the catalogue's
 * JSON served by Caddy's file server from a temporary folder, with gzip and brotli files beside it
 * so nothing is compressed per request (`file_server { precompressed br gzip }`, Caddy's documented
 * file_server subdirective: https://caddyserver.com/docs/caddyfile/directives/file_server). What a
 * CDN edge would do with the same bytes, on the same machine as the shop. Bound to 127.0.0.1 only,
 * no admin endpoint, its config (autosave) and data folders inside the temporary folder; stopped (and the
 * folder removed) by `stop`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { waitForHttp } from "~/server/cli/processes";
import { processProbe } from "./shop";

/**
 * Caddy's port for the bench (the shops use 4451-4454, the emulator 4456-4458, the rush 4461+);
 * BENCH_CADDY_PORT moves it.
 */
export const BENCH_CADDY_PORT = Number(process.env.BENCH_CADDY_PORT ?? 4459);

/** The file's path on Caddy. */
export const CADDY_PATH = "/catalogue.json";

export interface RunningCaddy {
  base: string;
  pid: number;
  version: string;
  rssMb: () => number;
  cpuSeconds: () => number;
  stop: () => Promise<void>;
}

/** The binary: CADDY names it, else `caddy` on the PATH. */
function caddyBinary(): string {
  return process.env.CADDY || "caddy";
}

/** Caddy's version, or null when it is not installed (the bench then leaves its row out). */
export function caddyVersion(): string | null {
  const run = spawnSync(caddyBinary(), ["version"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim().split(" ")[0]! : null;
}

const caddyfile = (dir: string, port: number) =>
  `{
	admin off
	auto_https off
}

http://127.0.0.1:${port} {
	bind 127.0.0.1
	root * ${dir}
	file_server {
		precompressed br gzip
	}
}
`;

/** Writes the body (and its .br and .gz at the strongest settings) and starts Caddy on it. */
export async function startCaddy(body: Buffer, port = BENCH_CADDY_PORT): Promise<RunningCaddy> {
  const version = caddyVersion();
  if (!version) throw new Error("caddy is not installed");
  const dir = mkdtempSync(path.join(tmpdir(), "resin-bench-caddy-"));
  const site = path.join(dir, "site");
  const file = path.join(site, CADDY_PATH.slice(1));
  mkdirSync(site);
  writeFileSync(file, body);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  const config = path.join(dir, "Caddyfile");
  writeFileSync(config, caddyfile(site, port));
  const child: ChildProcess = spawn(
    caddyBinary(),
    ["run", "--config", config, "--adapter", "caddyfile"],
    {
      stdio: ["ignore", "ignore", "pipe"],
      // Its data and config folders (certificates, autosave) stay in the temporary folder.
      env: {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, "data"),
        XDG_CONFIG_HOME: path.join(dir, "config"),
      },
    },
  );
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}${CADDY_PATH}`, 30_000, child);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  const pid = child.pid!;
  return {
    base,
    pid,
    version,
    ...processProbe(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          done();
        });
        child.kill("SIGTERM");
      }),
  };
}
