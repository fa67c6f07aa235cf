/**
 * Starts the official Firebase Auth Emulator (firebase-tools) for `npm start` in demo mode and for
 * the tests. Nothing leaves the machine: CI=true / NO_UPDATE_NOTIFIER=1 keep the CLI offline, the
 * emulator binds 127.0.0.1, and the project id is the demo project `demo-resin`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { startChild, stopChild } from "./processes";

export const DEMO_PROJECT_ID = "demo-resin";

export interface EmulatorOptions {
  /** Port of the auth emulator; 9099 uses the committed firebase.json as is. */
  port?: number;
  /** Folder to import accounts from at start and export them to on exit (keeps demo sign-ups). */
  persistDir?: string;
  quiet?: boolean;
}

export interface RunningEmulator {
  host: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The folder where this emulator's hub writes its locator. firebase-tools finds "its" running hub
 * (to export the accounts on exit) through `<os.tmpdir()>/hub-<projectId>.json`: shared by every
 * emulator of project demo-resin, the second one's stop exported the first one's accounts. One
 * folder per port (two running emulators never share one) keeps each to its own hub
 * (docs/decisions/0069-stops-and-readiness.md).
 */
export function hubLocatorDir(port: number): string {
  const dir = path.join(tmpdir(), `resin-emulator-${port}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * How long a stopping emulator may take to export its accounts before it is killed: a second or
 * two on an idle machine, but seen past 8 s on a busy one (an export cut short loses the accounts).
 */
const EXPORT_GRACE_MS = 30_000;

/** Answers true when an auth emulator already listens on host:port. */
export async function emulatorIsUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** Answers true when anything at all answers HTTP on host:port. */
async function somethingAnswers(host: string): Promise<boolean> {
  try {
    await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for the CLI's "All emulators ready" line: the auth port answers HTTP before the saved
 * accounts are imported (a busy machine showed a query answered with none of them), so "the port
 * answers" is not ready. Echoes the CLI's output unless `quiet`.
 */
function allReady(child: ChildProcess, quiet: boolean, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`The Auth Emulator was not ready within ${timeoutMs / 1000}s`)),
      timeoutMs,
    );
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`The Auth Emulator exited (${signal ?? code}) before it was ready`));
    };
    child.once("exit", onExit);
    child.stderr?.on("data", (chunk: Buffer) => {
      if (!quiet) process.stderr.write(chunk);
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (!quiet) process.stdout.write(chunk);
      if (seen === "done") return;
      // The last few characters of the previous chunk too: a line may be split between two.
      const text = seen + chunk.toString();
      seen = text.slice(-40);
      if (text.includes("All emulators ready")) {
        seen = "done";
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve();
      }
    });
  });
}

/**
 * Starts a new emulator on `port`. The port must be free: readiness is "the port answers", so a
 * process left over from an earlier run (with its accounts) would otherwise pass for this one.
 */
export async function startAuthEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const port = options.port ?? 9099;
  const host = `127.0.0.1:${port}`;
  if (await somethingAnswers(host)) {
    throw new Error(
      `Port ${port} is already in use (an Auth Emulator left over from an earlier run?). Stop that process or choose another port.`,
    );
  }
  const args = ["emulators:start", "--only", "auth", "--project", DEMO_PROJECT_ID];
  if (port !== 9099) {
    // A second emulator (tests beside a running demo) needs its own ports: write a config for it.
    const dir = path.resolve(".tmp", `emulator-${port}`);
    mkdirSync(dir, { recursive: true });
    const config = {
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: port + 1 },
        logging: { host: "127.0.0.1", port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    };
    writeFileSync(path.join(dir, "firebase.json"), JSON.stringify(config, null, 2));
    args.push("--config", path.join(dir, "firebase.json"));
  }
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true });
    args.push("--import", options.persistDir, "--export-on-exit", options.persistDir);
  }
  const bin = path.resolve("node_modules", ".bin", "firebase");
  const child = startChild(
    bin,
    args,
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        TMPDIR: hubLocatorDir(port),
        CI: "true",
        NO_UPDATE_NOTIFIER: "1",
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true",
      },
    },
    EXPORT_GRACE_MS,
  );
  // One that never got ready is not left behind holding the port.
  await allReady(child, options.quiet === true).catch(async (error: unknown) => {
    await stopChild(child, "SIGKILL");
    throw error;
  });
  return { host, child, stop: () => stopChild(child, "SIGINT") };
}
