import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./chromium";

/**
 * End-to-end tests drive the system's Chromium, or Playwright's own when the system has none
 * (e2e/chromium.ts), against the built shop with a fresh data folder and its own Auth Emulator, so
 * a running `npm start` is untouched.
 */
const PORT = Number(process.env.E2E_PORT ?? 4330);
const chromium = chromiumPath();

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../.tmp/e2e-results",
  fullyParallel: false,
  workers: 1,
  // One retry in CI, as Playwright's own template does: a test that fails twice still fails the
  // run, and one that passes on retry is reported as "flaky" in the output, to be fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace (DOM snapshots and screenshots at every step) costs CPU in every test it records. On
    // CI a failed test runs once more (retries above) with the trace on, so the failure's trace is
    // there without recording the tests that pass; locally, with no retry, failures keep theirs.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx e2e/serve.ts",
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    // serve.ts stops its children (emulator, server) on SIGINT; the default SIGKILL would orphan them.
    gracefulShutdown: { signal: "SIGINT", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
