/**
 * The owner's orders with 10,000 orders (issue 10 §2 and §7). Prints figures, asserts nothing:
 *  - seeds 10,000 orders (1 to 3 lines each) into a scratch PGlite folder under the system's temp
 *    folder (never ./data), with an owner account in a private Auth Emulator;
 *  - starts the built shop (dist/, built first when stale) on a spare port against that folder;
 *  - times GET /v2/admin/allorders: the whole list, and a filtered page (q, min, max, limit 50);
 *  - in Chromium (playwright-core; the system's or Playwright's own, e2e/chromium.ts): how long /admin
 *    takes to show the table, and how long typing a name filter and an amount filter take to show.
 *
 *   npx tsx bench/admin-orders.ts          (alone)
 *   import { benchAdminOrders } from "./admin-orders"   (bench/run.ts)
 *
 * BENCH_ORDERS changes the count (default 10000).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { spawnSync, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import { BENCH_OWNER as OWNER, ORDER_COUNT, seedScratch } from "./admin-orders-seed";

/** A free TCP port on 127.0.0.1 (the system picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The emulator takes three ports in a row (auth, hub, logging). */
async function freeEmulatorPort(): Promise<number> {
  for (let tries = 0; tries < 20; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await portIsFree(port)) && (await portIsFree(port + 1)) && (await portIsFree(port + 2)))
      return port;
  }
  throw new Error("No three free ports in a row for the Auth Emulator");
}

function summarise(name: string, samples: number[], extra = ""): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `${name.padEnd(44)} n=${String(samples.length).padStart(3)}  p50=${at(0.5).toFixed(1)} ms  max=${at(1).toFixed(1)} ms${extra}`,
  );
}

async function timeGet(
  base: string,
  token: string,
  pathAndQuery: string,
  runs: number,
): Promise<{ samples: number[]; bytes: number; count: number }> {
  const samples: number[] = [];
  let bytes = 0;
  let count = 0;
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}: ${text.slice(0, 200)}`);
    bytes = text.length;
    count = (JSON.parse(text) as unknown[]).length;
    if (i > 0) samples.push(ms); // the first call warms the server up
  }
  return { samples, bytes, count };
}

/**
 * Runs in the page: types `value` into the input labelled `label` and answers the milliseconds until
 * the table shows the result, with the number of matching orders. A string, not a function: tsx
 * would add helpers the page does not have.
 */
const TIME_FILTER = `async ({ label, value }) => {
  const input = [...document.querySelectorAll("label")].find((l) => l.textContent.trim() === label)?.control;
  if (!input) throw new Error("No input labelled " + label);
  const before = document.querySelector("[data-orders-results]")?.getAttribute("data-orders-results");
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  const t0 = performance.now();
  setter.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r));
    const el = document.querySelector("[data-orders-results]");
    if (el && el.getAttribute("aria-busy") === "false" && el.getAttribute("data-orders-results") !== before) {
      return { ms: performance.now() - t0, results: Number(el.getAttribute("data-orders-results")) };
    }
    if (performance.now() - t0 > 30000) throw new Error("the filter did not apply within 30 s");
  }
}`;

async function timeFilter(
  page: import("playwright-core").Page,
  label: string,
  value: string,
): Promise<{ ms: number; results: number }> {
  return page.evaluate(`(${TIME_FILTER})(${JSON.stringify({ label, value })})`) as Promise<{
    ms: number;
    results: number;
  }>;
}

async function browserFigures(base: string): Promise<void> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: (await import("../e2e/chromium")).chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/login`);
    const login = page.getByRole("button", { name: "Login", exact: true });
    // Astro drops the island's `ssr` attribute once React has taken it over (e2e/hydration.ts).
    await page
      .locator("astro-island:not([ssr])")
      .filter({ has: login })
      .first()
      .waitFor({ state: "attached" });
    await page.getByLabel("Email", { exact: true }).fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await login.click();
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });

    const firstRows: number[] = [];
    const everyOrder: number[] = [];
    const wholeFetch: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await page.goto(`${base}/admin`);
      await page.locator("[data-order-row]").first().waitFor({ timeout: 60_000 });
      firstRows.push(performance.now() - t0);
      await page.locator("[data-orders-screen=ready]").waitFor({ timeout: 120_000 });
      everyOrder.push(performance.now() - t0);
      const fetchMs = (await page.evaluate(
        `performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/v2/admin/allorders")).map((e) => e.responseEnd - e.requestStart)[0] ?? -1`,
      )) as number;
      if (fetchMs >= 0) wholeFetch.push(fetchMs);
    }
    summarise("/admin: navigation -> first table rows", firstRows);
    summarise("/admin: navigation -> every order loaded", everyOrder);
    if (wholeFetch.length) summarise("  of which the whole-list request", wholeFetch);

    const byName: number[] = [];
    const byAmount: number[] = [];
    const clears: number[] = [];
    let named = 0;
    let ranged = 0;
    for (let i = 0; i < 5; i++) {
      const name = await timeFilter(
        page,
        "Search by name or order id",
        i % 2 ? "ravi kumar" : "meera",
      );
      byName.push(name.ms);
      named = name.results;
      clears.push((await timeFilter(page, "Search by name or order id", "")).ms);
      const min = await timeFilter(page, "Min amount (₹)", i % 2 ? "15000" : "12000");
      byAmount.push(min.ms);
      ranged = min.results;
      clears.push((await timeFilter(page, "Min amount (₹)", "")).ms);
    }
    summarise("filter by name (type -> table shown)", byName, `  (last: ${named} rows)`);
    summarise("filter by min amount (type -> table shown)", byAmount, `  (last: ${ranged} rows)`);
    summarise("clear a filter (back to every order)", clears);
  } finally {
    await browser.close();
  }
}

export async function benchAdminOrders(): Promise<void> {
  const { buildIsStale } = await import("../src/server/cli/start");
  const { startAuthEmulator } = await import("../src/server/cli/emulator");
  const { startChild, stopChild, waitForHttp } = await import("../src/server/cli/processes");
  process.env.ASTRO_TELEMETRY_DISABLED = "1";
  if (buildIsStale()) {
    console.log("Building the shop for the orders benchmark...");
    const built = spawnSync(path.resolve("node_modules/.bin/astro"), ["build"], {
      stdio: "inherit",
      env: process.env,
    });
    if (built.status !== 0) throw new Error("astro build failed");
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "resin-bench-orders-"));
  const emulatorPort = Number(process.env.BENCH_EMULATOR_PORT ?? (await freeEmulatorPort()));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  const emulator = await startAuthEmulator({ port: emulatorPort, quiet: true });
  try {
    const signUp = await fetch(
      `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...OWNER, returnSecureToken: true }),
      },
    );
    const account = (await signUp.json()) as { localId: string; idToken: string };
    if (!signUp.ok)
      throw new Error(`The emulator refused the bench owner: ${JSON.stringify(account)}`);

    let t0 = performance.now();
    await seedScratch(dataDir, account.localId);
    console.log(
      `\nAdmin orders (${ORDER_COUNT.toLocaleString("en-IN")} orders, PGlite in ${dataDir}); seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    server = startChild(process.execPath, [path.resolve("dist/server/entry.mjs")], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO_MODE: "true",
        PUBLIC_SITE_URL: base,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: "demo-resin",
        BACKGROUND_JOBS: "false",
        SHOP_SERVER_PROCESS: "1",
      },
    });
    t0 = performance.now();
    await waitForHttp(`${base}/healthz`, 60_000, server);

    const whole = await timeGet(base, account.idToken, "/v2/admin/allorders", 5);
    summarise(
      "GET /v2/admin/allorders (whole list)",
      whole.samples,
      `  ${whole.count} orders, ${(whole.bytes / 1024 / 1024).toFixed(1)} MiB`,
    );
    const filtered = await timeGet(
      base,
      account.idToken,
      "/v2/admin/allorders?q=kumar&min=1000&max=20000&limit=50&offset=0",
      20,
    );
    summarise(
      "GET ...allorders?q=kumar&min&max&limit=50",
      filtered.samples,
      `  ${filtered.count} orders`,
    );
    const counts = await timeGet(base, account.idToken, "/v2/admin/order-counts", 20).catch(
      () => null,
    );
    if (counts) summarise("GET /v2/admin/order-counts", counts.samples);

    await browserFigures(base);
  } finally {
    if (server) await stopChild(server, "SIGINT");
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchAdminOrders().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
