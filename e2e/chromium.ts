/**
 * Which Chromium the end-to-end tests, `npm run bench` and the Lighthouse script drive
 * (docs/decisions/0068-chromium-for-tests.md): CHROMIUM_PATH when set, else the system's Chromium,
 * else the browser `npx playwright install chromium` downloads. None of them: the caller stops with
 * NO_CHROMIUM, one line that says how to get one.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/** Where distributions put Chromium (Debian/Ubuntu packages, snap, Fedora, macOS, Google's build). */
export const SYSTEM_CHROMIUMS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/snap/bin/chromium",
  "/usr/lib64/chromium-browser/chromium-browser",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
] as const;

export const NO_CHROMIUM =
  "No Chromium found for the browser tests: run `npx playwright install chromium` (or install your system's chromium package, or set CHROMIUM_PATH to a Chromium binary).";

export interface ChromiumChoice {
  path: string;
  source: "CHROMIUM_PATH" | "system" | "playwright";
}

export interface Lookup {
  env: Record<string, string | undefined>;
  exists: (path: string) => boolean;
  /** Where Playwright's own downloaded Chromium lives (whether or not it is installed). */
  playwrightPath: () => string | undefined;
}

/** The Chromium to use, or an error line when CHROMIUM_PATH names nothing or none is installed. */
export function findChromium(lookup: Lookup): ChromiumChoice | { error: string } {
  const configured = lookup.env.CHROMIUM_PATH?.trim();
  if (configured) {
    return lookup.exists(configured)
      ? { path: configured, source: "CHROMIUM_PATH" }
      : { error: `CHROMIUM_PATH=${configured} does not exist. ${NO_CHROMIUM}` };
  }
  const system = SYSTEM_CHROMIUMS.find((p) => lookup.exists(p));
  if (system) return { path: system, source: "system" };
  let own: string | undefined;
  try {
    own = lookup.playwrightPath();
  } catch {
    own = undefined; // playwright-core answers with a throw on platforms it has no build for
  }
  if (own && lookup.exists(own)) return { path: own, source: "playwright" };
  return { error: NO_CHROMIUM };
}

/** This machine's answer: the path to launch, or throws with the one line. */
export function chromiumPath(): string {
  const found = findChromium({
    env: process.env,
    exists: existsSync,
    playwrightPath: () => chromium.executablePath(),
  });
  if ("error" in found) throw new Error(found.error);
  return found.path;
}
