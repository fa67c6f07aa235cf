/**
 * Runs the production start of a build (`npm run serve`, src/server/cli/serve-built.ts) outside
 * demo mode, for the suites that test a deployment: the build alone with production dependencies
 * (tests/serve-built.test.ts) and the shop behind Caddy (tests/proxy-caddy.test.ts).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { SERVE_BUNDLE } from "~/server/cli/server-flags";
import { buildIsStale } from "~/server/cli/start";

/**
 * `npm run build` when the build is missing, older than the sources, or lacks the serve bundle.
 * Suites run two at a time: a lock folder keeps a second suite from building over the first.
 */
export async function ensureBuild(): Promise<void> {
  const lock = path.resolve(".tmp/serve-build.lock");
  mkdirSync(path.dirname(lock), { recursive: true });
  const end = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > end) throw new Error(`${lock} was held for 5 minutes: remove it if stale`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (existsSync(SERVE_BUNDLE) && !buildIsStale()) return;
    const run = spawnSync("npm", ["run", "build", "--silent"], {
      encoding: "utf8",
      timeout: 300_000,
    });
    if (run.status !== 0) throw new Error(`npm run build failed:\n${run.stdout}\n${run.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A complete production configuration (fake keys: nothing here calls Firebase or Cashfree). */
export function productionEnv(
  port: number,
  dataDir: string,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ""}`,
    HOME: process.env.HOME ?? "/tmp",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: "resin-tales-prod",
    PUBLIC_FIREBASE_PROJECT_ID: "resin-tales-prod",
    PUBLIC_FIREBASE_API_KEY: "AIza-public-web-key",
    PUBLIC_FIREBASE_AUTH_DOMAIN: "resin-tales-prod.firebaseapp.com",
    PAYMENT_PROVIDER: "cashfree",
    CASHFREE_CLIENT_ID: "cf-test-id",
    CASHFREE_CLIENT_SECRET: "cf-test-secret",
    PUBLIC_SITE_URL: "https://shop.resintales.example",
    NO_UPDATE_NOTIFIER: "1",
    ...more,
  };
}

export interface Served {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves with the exit code. */
  stop: (graceMs?: number) => Promise<number | null>;
}

/** `npm run serve` in `cwd` with exactly `env`; resolves once the banner is printed. */
export async function serve(cwd: string, env: Record<string, string>): Promise<Served> {
  const child = spawn("npm", ["run", "serve", "--silent"], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async (graceMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const ready = await Promise.race([
    (async () => {
      const end = Date.now() + 180_000;
      while (Date.now() < end && !text.includes("Press Ctrl-C to stop.")) {
        if (child.exitCode !== null) return false;
        await new Promise((r) => setTimeout(r, 200));
      }
      return text.includes("Press Ctrl-C to stop.");
    })(),
    exited.then(() => false),
  ]);
  if (!ready) {
    await stop(1000);
    throw new Error(`npm run serve did not start:\n${text}`);
  }
  return { child, output: () => text, exited, stop };
}
