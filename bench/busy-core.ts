/**
 * Keeps one core busy while a measurement runs (issue's "busy-core mode": a phone's page is not the
 * only work on a real machine, and the shop's server shares this one): a child Node process
 * spinning in a loop until stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface BusyCore {
  stop(): void;
}

export function busyCore(): BusyCore {
  const child: ChildProcess = spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
  return {
    stop: () => {
      child.kill("SIGKILL");
    },
  };
}
