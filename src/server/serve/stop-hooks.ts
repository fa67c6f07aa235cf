/**
 * What runs after the last request of a clean stop (docs/decisions/0113-clean-stops-under-load.md):
 * the Astro bundle registers its steps here (the background jobs finish their round and stop, the
 * scheduled backups stop, then the database closes), and the shop's server (serve.ts) runs them in
 * order once it has stopped accepting and finished the requests in flight. The list lives on
 * globalThis so serve.ts and the bundle's copy of this module share it.
 *
 * Runs as plain Node (serve.ts): no imports.
 */
export interface StopHook {
  name: string;
  /** Lower runs first: 10 jobs, 20 schedules, 100 the database. */
  order: number;
  run: () => Promise<void> | void;
}

const KEY = Symbol.for("resin-shop.stop-hooks");

function hooks(): StopHook[] | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as StopHook[] | undefined;
}

/** serve.ts calls this before loading the bundle: from then on the server owns the stop. */
export function takeOverStops(): void {
  (globalThis as Record<symbol, unknown>)[KEY] ??= [];
}

/** Whether a server that drains requests first is in charge of stopping (else: stop on the signal). */
export function stopsTakenOver(): boolean {
  return hooks() !== undefined;
}

/** Registers a step of the stop; answers false when no server took over (the caller handles it). */
export function onStop(name: string, order: number, run: StopHook["run"]): boolean {
  const list = hooks();
  if (!list) return false;
  if (!list.some((h) => h.name === name)) list.push({ name, order, run });
  return true;
}

/** Runs every step in order; a failing step is reported and the next ones still run. */
export async function runStopHooks(report: (name: string, error: unknown) => void): Promise<void> {
  const list = [...(hooks() ?? [])].sort((a, b) => a.order - b.order);
  for (const hook of list) {
    try {
      await hook.run();
    } catch (error) {
      report(hook.name, error);
    }
  }
}
