/**
 * Child processes for the npm scripts: each runs in its own process group so stopping it also
 * stops whatever it started (the Firebase CLI starts a Java-free Node emulator, but in a subtree).
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const children = new Set<ChildProcess>();

export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, { stdio: "inherit", detached: true, ...options });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
      return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, 8000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, signal);
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c, "SIGINT")));
}

/** Polls a URL until it answers (any HTTP status), or throws after `timeoutMs`. */
export async function waitForHttp(
  url: string,
  timeoutMs = 60_000,
  child?: ChildProcess,
): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `${url}: the process exited (${child.exitCode ?? child.signalCode}) before it answered`,
      );
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

let stopping = false;

/** True once a Ctrl-C or SIGTERM has started stopping the children. */
export function isStopping(): boolean {
  return stopping;
}

/**
 * Stops every child on Ctrl-C / SIGTERM, then exits 0. Children get SIGINT (the server closes its
 * database, the emulator saves its accounts) and SIGKILL if they take longer than 8 s.
 */
export function stopChildrenOnSignals(onStop?: () => Promise<void>): void {
  const handler = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await onStop?.().catch(() => {});
    await stopAll();
    process.exit(0);
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
}
