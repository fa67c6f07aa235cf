/**
 * Which Chromium the browser tests and benchmarks drive (e2e/chromium.ts), over a fake file system:
 * CHROMIUM_PATH, else the system's, else Playwright's own, else one line that says how to get one.
 */
import { describe, expect, it } from "vitest";
import { findChromium, NO_CHROMIUM } from "../e2e/chromium";

const OWN = "/home/me/.cache/ms-playwright/chromium-1234/chrome-linux/chrome";

function lookup(files: string[], env: Record<string, string> = {}, own: string | undefined = OWN) {
  return findChromium({
    env,
    exists: (p) => files.includes(p),
    playwrightPath: () => own,
  });
}

describe("findChromium", () => {
  it("takes CHROMIUM_PATH first, even with a system Chromium present", () => {
    expect(
      lookup(["/opt/c/chrome", "/usr/bin/chromium"], { CHROMIUM_PATH: "/opt/c/chrome" }),
    ).toEqual({ path: "/opt/c/chrome", source: "CHROMIUM_PATH" });
  });

  it("says so when CHROMIUM_PATH names a file that is not there", () => {
    const found = lookup(["/usr/bin/chromium"], { CHROMIUM_PATH: "/opt/missing" });
    expect(found).toEqual({ error: `CHROMIUM_PATH=/opt/missing does not exist. ${NO_CHROMIUM}` });
  });

  it("uses Debian's /usr/bin/chromium, then Ubuntu's chromium-browser", () => {
    expect(lookup(["/usr/bin/chromium", OWN])).toEqual({
      path: "/usr/bin/chromium",
      source: "system",
    });
    expect(lookup(["/usr/bin/chromium-browser", OWN])).toEqual({
      path: "/usr/bin/chromium-browser",
      source: "system",
    });
  });

  it("falls back to the browser `npx playwright install chromium` downloaded", () => {
    expect(lookup([OWN])).toEqual({ path: OWN, source: "playwright" });
  });

  it("answers the one line when neither is installed, or Playwright has no build here", () => {
    expect(lookup([])).toEqual({ error: NO_CHROMIUM });
    expect(
      findChromium({
        env: {},
        exists: () => false,
        playwrightPath: () => {
          throw new Error("unsupported platform");
        },
      }),
    ).toEqual({ error: NO_CHROMIUM });
    expect(NO_CHROMIUM).toContain("npx playwright install chromium");
    expect(NO_CHROMIUM).not.toContain("\n");
  });
});
