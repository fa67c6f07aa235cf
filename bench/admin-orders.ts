/**
 * The owner's orders with 100,000 orders (docs/decisions/0053-admin-lists-on-the-server.md).
 * Prints figures, asserts nothing:
 *  - seeds BENCH_ORDERS (default 100,000) orders of 1 to 3 lines into a scratch database: PGlite in
 *    a temporary folder, and PostgreSQL too when BENCH_DATABASE_URL is set (a new database, dropped
 *    afterwards; never ./data), with an owner account in a private Auth Emulator;
 *  - starts the built shop (dist/, built first when stale) on a spare port against it, as
 *    production runs it (bench/shop.ts startShop);
 *  - the server: p50/p99 of a filtered page (status and min amount, limit 50) and of its counts;
 *  - the browser (admin-orders-browser.ts): first rows painted, a status card or page change ->
 *    the new rows shown, the tab's JavaScript heap.
 *
 *   npx tsx bench/admin-orders.ts          (alone; BENCH_ENGINE=pglite|postgres for one engine)
 *   import { benchAdminOrders } from "./admin-orders"   (bench/run.ts)
 */
import { createServer } from "node:net";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { browserFigures } from "./admin-orders-browser";
import { BENCH_OWNER as OWNER, ORDER_COUNT, seedBenchOrders } from "./admin-orders-seed";
import { freePort } from "../tests/helpers/serve-built";
import { ensureBuild, scratchDb, startShop, type Engine, type RunningShop } from "./shop";

/** The emulator takes three ports in a row (auth, hub, logging). */
async function freeEmulatorPort(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
  for (let tries = 0; tries < 20; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await free(port)) && (await free(port + 1)) && (await free(port + 2))) return port;
  }
  throw new Error("No three free ports in a row for the Auth Emulator");
}

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

function summarise(name: string, samples: number[], extra = ""): void {
  console.log(
    `  ${name.padEnd(46)} n=${String(samples.length).padStart(3)}  p50=${quantile(samples, 0.5).toFixed(1)} ms  p99=${quantile(samples, 0.99).toFixed(1)} ms  max=${quantile(samples, 1).toFixed(1)} ms${extra}`,
  );
}

async function timeGet(base: string, token: string, pathAndQuery: string, runs: number) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}: ${text.slice(0, 200)}`);
    if (i > 0) samples.push(performance.now() - t0); // the first call warms the server up
    bytes = text.length;
  }
  return { samples, bytes };
}

async function benchEngine(
  engine: Engine,
  emulator: { host: string },
  account: { localId: string; idToken: string },
): Promise<void> {
  const scratch = await scratchDb(engine);
  let shop: RunningShop | undefined;
  try {
    const t0 = performance.now();
    const handle = await scratch.open();
    try {
      await seedBenchOrders(handle.db, account.localId);
    } finally {
      await handle.close();
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const label = engine === "pglite" ? "PGlite" : "PostgreSQL";
    console.log(
      `\nAdmin orders on ${label}: ${ORDER_COUNT.toLocaleString("en-IN")} orders, seeded in ${seconds} s`,
    );
    // The server as production runs it (its flags, compression, static files from memory), with
    // the browser on localhost, the address the shop names itself by.
    const port = await freePort();
    const base = `http://localhost:${port}`;
    shop = await startShop(scratch, port, {
      PUBLIC_SITE_URL: base,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SEED_DEMO: "false",
    });

    const token = account.idToken;
    const page = "/v2/admin/allorders?status=processing&min=1000&limit=50&offset=0";
    const filtered = await timeGet(base, token, page, 100);
    summarise(
      "server: a filtered page (status, min, 50 rows)",
      filtered.samples,
      `  ${(filtered.bytes / 1024).toFixed(0)} KiB`,
    );
    const deep = await timeGet(base, token, "/v2/admin/allorders?limit=50&offset=50000", 30);
    summarise("server: page 1,001 of every order", deep.samples);
    const counts = await timeGet(base, token, "/v2/admin/order-counts?min=1000", 50);
    summarise("server: counts per status under a filter", counts.samples);
    const searched = await timeGet(base, token, "/v2/admin/allorders?q=kumar&limit=50", 30);
    summarise("server: a name search page (q=kumar)", searched.samples);

    const browser = await browserFigures(base, OWNER);
    summarise("browser: /admin -> first rows painted", browser.firstRows);
    summarise("browser: status card or page -> new rows", browser.changes);
    console.log(`  browser: JavaScript heap of the tab          ${browser.heapMiB.toFixed(1)} MiB`);
  } finally {
    await shop?.stop();
    await scratch.drop();
  }
}

export async function benchAdminOrders(): Promise<void> {
  const { startAuthEmulator } = await import("~/server/cli/emulator");
  process.env.ASTRO_TELEMETRY_DISABLED = "1";
  ensureBuild();
  const engines: Engine[] = process.env.BENCH_ENGINE
    ? [process.env.BENCH_ENGINE as Engine]
    : process.env.BENCH_DATABASE_URL
      ? ["pglite", "postgres"]
      : ["pglite"];
  const emulatorPort = Number(process.env.BENCH_EMULATOR_PORT ?? (await freeEmulatorPort()));
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
    for (const engine of engines) await benchEngine(engine, emulator, account);
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchAdminOrders().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
