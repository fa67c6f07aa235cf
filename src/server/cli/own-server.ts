/**
 * The start banner tells the truth about the port (docs/limits-and-readiness.md):
 *  - `assertPortFree`: before anything starts, a port another process holds is one clear line;
 *  - `waitForOwnServer`: the banner waits for THIS start's server. Its process gets a random
 *    SHOP_INSTANCE_ID, /healthz answers it, and an answer with another id (another process that
 *    took the port in between) stops the start with the same clear line.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";

/** The one line a busy port is reported with. */
export function portBusyLine(host: string, port: number): string {
  return `Port ${port} on ${host} is already in use by another process: stop it, or set PORT to a free port.`;
}

/** Resolves when `port` can be listened on at `host`; throws portBusyLine when it is taken. */
export function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new Error(portBusyLine(host, port)));
      else if (error.code === "EACCES")
        reject(
          new Error(`Port ${port} on ${host} may not be used by this user: set PORT to another.`),
        );
      else reject(error);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A fresh id for one server process (its environment's SHOP_INSTANCE_ID). */
export function newInstanceId(): string {
  return randomBytes(12).toString("hex");
}

/**
 * Polls `${base}/healthz` until the server started with `instance` answers it; throws when another
 * process answers there, when `child` exits first, or after `timeoutMs`.
 */
export async function waitForOwnServer(
  base: string,
  instance: string,
  port: { host: string; port: number },
  child?: ChildProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(
        `The shop server exited (${child.exitCode ?? child.signalCode}) before it answered.`,
      );
    let answer: { instance?: unknown } | undefined;
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
      answer = (await res.json().catch(() => ({}))) as { instance?: unknown };
    } catch {
      answer = undefined; // nothing listens yet
    }
    if (answer?.instance === instance) return;
    if (answer !== undefined) throw new Error(portBusyLine(port.host, port.port));
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base}/healthz did not answer within ${timeoutMs / 1000}s`);
}
