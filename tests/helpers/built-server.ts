/**
 * The built server (dist/) started as `npm start` starts it (SERVER_ARGS, its own process), in demo
 * mode on a spare port, for the suites that need a real server process: the clean stops
 * (tests/clean-stop.test.ts) and two app servers on one database and one bucket
 * (tests/uploads-s3-two-servers.test.ts). Builds once when dist/ has no server yet.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { expect } from "vitest";
import { SERVER_ENV, serverArgs } from "~/server/cli/start";

export interface BuiltServer {
  server: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  exited: Promise<number | null>;
  base: string;
  /** When it answered /healthz, plus a minute: a budget for the suite's own waiting. */
  deadline: number;
  /** SIGKILL if it still runs (for afterAll). */
  kill: () => void;
}

/**
 * Starts the server with `store` (DATA_DIR and/or DATABASE_URL) and `more` settings; resolves once
 * /healthz answers. No Auth Emulator is started: a suite that signs in passes its host in `more`.
 */
export async function startBuiltServer(
  store: Record<string, string>,
  port: number,
  more: Record<string, string> = {},
): Promise<BuiltServer> {
  if (!existsSync("dist/server/entry.mjs")) {
    const built = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
    expect(built.status, "npm run build").toBe(0);
  }
  const env = {
    ...process.env,
    ...SERVER_ENV,
    DATABASE_URL: "",
    ...store,
    SHOP_SERVER_PROCESS: "1",
    HOST: "127.0.0.1",
    PORT: String(port),
    DEMO_MODE: "true",
    FIREBASE_PROJECT_ID: "demo-resin",
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port + 50}`,
    PUBLIC_SITE_URL: `http://localhost:${port}`,
    LOG_FORMAT: "json",
    SHUTDOWN_TIMEOUT_MS: "20000",
    SHOP_DEMO_BANNER: "1",
    VITEST: "",
    ...more,
  };
  const server = spawn(process.execPath, serverArgs(env.DATABASE_URL), {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  const kill = () => void (server.exitCode === null && server.kill("SIGKILL"));

  const base = `http://127.0.0.1:${port}`;
  const started = Date.now() + 60_000;
  while (
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > started || server.exitCode !== null) {
      kill();
      throw new Error(`the server on ${port} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { server, output: () => output, exited, base, deadline: started, kill };
}

/** The server's JSON log lines. */
export function logLines(output: string): { msg?: string }[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { msg?: string });
}
