/**
 * Child processes for the npm scripts: each runs in its own process group so stopping it also
 * stops whatever it started (the Firebase CLI starts a Java-free Node emulator, but in a subtree).
 * Every way of stopping the script stops them (docs/decisions/0069-stops-and-readiness.md): Ctrl-C
 * and SIGTERM (to it, to npm, to its process group) and the death of the process that started it.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const children = new Set<ChildProcess>();
/** How long each child may take to stop before SIGKILL. */
const graceMs = new WeakMap<ChildProcess, number>();
let stopping = false;

/** `grace`: how long a stop may take before SIGKILL (the emulator exports its accounts first). */
export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions = {},
  grace = 8000,
): ChildProcess {
  // A child started once the stop has begun would outlive it.
  if (stopping) throw new Error("Stopping: no new process is started.");
  const child = spawn(command, args, { stdio: "inherit", detached: true, ...options });
  children.add(child);
  graceMs.set(child, grace);
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
    }, graceMs.get(child) ?? 8000);
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
  // Loops: a child started while the first ones were stopping is stopped too.
  while (children.size > 0) await Promise.all([...children].map((c) => stopChild(c, "SIGINT")));
}

/** Polls a URL until it answers (any HTTP status), or throws after `timeoutMs` in all. */
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
      // A slow first answer (a cold render on a busy machine) is waited for, not abandoned and
      // asked again: the abandoned request would still finish, and log, after the start banner.
      const left = timeoutMs - (Date.now() - start);
      await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, left)) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

/** True once a stop (a signal, the parent's death, a child's) has begun. */
export function isStopping(): boolean {
  return stopping;
}

let beforeStop: (() => Promise<void>) | undefined;

/**
 * Stops every child (SIGINT: the server closes its database, the emulator saves its accounts;
 * SIGKILL after their grace period), then exits with `code`. Says why first. Only the first call does anything.
 */
export async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(reason);
  await beforeStop?.().catch(() => {});
  await stopAll();
  process.exit(code);
}

/**
 * Stops every child on Ctrl-C / SIGTERM / SIGHUP, then exits 0; and when the process that started
 * this one goes away (npm killed, a terminal closed), since nobody is left to stop us then.
 */
export function stopChildrenOnSignals(onStop?: () => Promise<void>): void {
  beforeStop = onStop;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => void shutdown(`\n${signal}: stopping...`, 0));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    void shutdown(`\nThe process that started this one (pid ${parent}) is gone: stopping...`, 0);
  }, 1000);
  watch.unref();
}
