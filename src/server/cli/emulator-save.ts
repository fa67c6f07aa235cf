/**
 * Keeping a demo's sign-ups across a crash (docs/decisions/0171-relink-by-verified-email.md): the
 * Auth Emulator saves its accounts only on a clean stop (--export-on-exit), so a kill -9, a power
 * cut or an out-of-memory kill lost every account made since. While `npm start` runs in demo mode
 * the accounts are saved every SAVE_EVERY_MS when they changed, through the emulator hub's own
 * export (POST /_admin/export, the call `firebase emulators:export` makes; it writes a new folder and
 * swaps it in), into the folder the emulator imports at start. Paused while the supervisor restarts
 * the emulator (emulator-watch.ts), so a half-started one never overwrites the saved accounts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_PROJECT_ID, hubLocatorDir } from "./emulator";
import { isStopping } from "./processes";

export const SAVE_EVERY_MS = 15_000;

/** Where this emulator's hub listens ("http://127.0.0.1:4400"), from the locator it writes (emulator.ts, hubLocatorDir). */
function hubOrigin(port: number): string {
  const file = path.join(hubLocatorDir(port), `hub-${DEMO_PROJECT_ID}.json`);
  const locator = JSON.parse(readFileSync(file, "utf8")) as { origins?: string[] };
  const origin = locator.origins?.[0];
  if (!origin) throw new Error(`the emulator hub's locator ${file} names no address`);
  return origin;
}

/** A fingerprint of the emulator's accounts (the Admin API's list, as the export reads it). */
async function accountsFingerprint(port: number): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:batchGet?maxResults=-1`,
    { headers: { authorization: "Bearer owner" }, signal: AbortSignal.timeout(10_000) },
  );
  if (!res.ok) throw new Error(`the emulator answered ${res.status} to the account list`);
  return createHash("sha256")
    .update(await res.text())
    .digest("hex");
}

export interface AccountSaver {
  /** Saves now if the accounts changed since the last save; answers whether it saved. */
  saveIfChanged(): Promise<boolean>;
  pause(): void;
  resume(): void;
  stop(): void;
}

/** Saves the emulator's accounts on `port` into `dir` every `everyMs` when they changed. */
export function keepEmulatorAccounts(
  port: number,
  dir: string,
  everyMs = SAVE_EVERY_MS,
): AccountSaver {
  let last: string | undefined;
  let paused = false;
  let busy = false;
  let warned = false;
  const saveIfChanged = async (): Promise<boolean> => {
    if (paused || busy || isStopping()) return false;
    busy = true;
    try {
      const now = await accountsFingerprint(port);
      if (now === last) return false;
      const res = await fetch(`${hubOrigin(port)}/_admin/export`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: path.resolve(dir), initiatedBy: "resin-shop" }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`the emulator hub answered ${res.status} to the export`);
      last = now;
      warned = false;
      return true;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => {
    saveIfChanged().catch((error: unknown) => {
      if (warned || isStopping()) return;
      warned = true;
      console.error(
        `Could not save the Auth Emulator's accounts (${error instanceof Error ? error.message : String(error)}); trying again every ${everyMs / 1000} s.`,
      );
    });
  }, everyMs);
  timer.unref();
  return {
    saveIfChanged,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      last = undefined;
    },
    stop: () => clearInterval(timer),
  };
}
