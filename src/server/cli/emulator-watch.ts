/**
 * `npm start` in demo mode keeps its Auth Emulator alive (docs/decisions/0069-stops-and-readiness.md):
 * an emulator that dies is started again on the same port and folder, the demo accounts are put
 * back, and the wrapper says so; one that dies more than MAX_RESTARTS times in WINDOW_MS, or cannot
 * be started again, stops the shop with a line that says why (a process manager then restarts
 * the whole shop). Meanwhile sign-in answers 503 and /readyz names the missing emulator.
 */
import { closeFirebaseApp } from "~/server/auth/firebase-admin.server";
import { ensureDemoAccountsInEmulator } from "~/server/seed/demo-accounts.server";
import { startAuthEmulator, type EmulatorOptions, type RunningEmulator } from "./emulator";
import type { AccountSaver } from "./emulator-save";
import { isStopping, shutdown } from "./processes";

export const MAX_RESTARTS = 3;
export const WINDOW_MS = 5 * 60_000;

/** `saver`: the periodic save of the accounts (emulator-save.ts), paused while one restarts. */
export function superviseEmulator(
  first: RunningEmulator,
  options: EmulatorOptions,
  saver?: AccountSaver,
): void {
  const deaths: number[] = [];
  const watch = (emulator: RunningEmulator) =>
    emulator.child.once("exit", (code, signal) => {
      if (isStopping()) return; // our own stop
      saver?.pause();
      const how = signal ?? `exit code ${code}`;
      const now = Date.now();
      deaths.push(now);
      while (deaths[0]! < now - WINDOW_MS) deaths.shift();
      if (deaths.length > MAX_RESTARTS) {
        void shutdown(
          `The Auth Emulator stopped again (${how}), ${deaths.length} times in ${WINDOW_MS / 60_000} minutes; stopping the shop.`,
          1,
        );
        return;
      }
      console.error(
        `The Auth Emulator stopped unexpectedly (${how}); starting it again on ${emulator.host} (sign-in answers 503 until it is back)...`,
      );
      startAuthEmulator(options)
        .then(async (next) => {
          await ensureDemoAccountsInEmulator();
          await closeFirebaseApp();
          saver?.resume();
          console.log(`The Auth Emulator is back on ${next.host}.`);
          watch(next);
        })
        .catch((error: unknown) => {
          if (isStopping()) return;
          const why = error instanceof Error ? error.message : String(error);
          void shutdown(
            `The Auth Emulator could not be started again (${why}); stopping the shop.`,
            1,
          );
        });
    });
  watch(first);
}
