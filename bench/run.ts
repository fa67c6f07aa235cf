/**
 * `npm run bench`: figures, never assertions (docs/performance.md has the latest).
 *
 *   npm run bench                        everything: PGlite, PostgreSQL too when BENCH_DATABASE_URL is set
 *   npm run bench -- --only api          one part: api (the routes table), large (10,000 products),
 *                                        lighthouse, admin-orders, rush (the write paths: cart adds,
 *                                        create-order, the payment webhook, the order rush), race (50
 *                                        shoppers at once for 10 pieces: decision 0216); several
 *                                        with commas
 *   npm run bench -- --engine postgres   one engine (pglite, postgres)
 *   npm run bench -- --seconds 4 --connections 20 --no-docs
 *   npm run bench -- --only api --rounds 1   each route's seconds in one run, not 4 interleaved slices
 *
 * On a built shop (built first when stale) started on spare ports 4451-4454 (BENCH_API_PORT moves them; BENCH_CADDY_PORT
 * and BENCH_EMULATOR_PORT move Caddy's 4459 and the emulator's 4456) over scratch databases.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureDemoAccounts } from "~/server/seed/demo-accounts.server";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { startAuthEmulator, type RunningEmulator } from "~/server/cli/emulator";
import { chromiumPath } from "../e2e/chromium";
import { benchAdminOrders } from "./admin-orders";
import { CADDY_PATH, caddyVersion, startCaddy, type RunningCaddy } from "./caddy";
import { benchLarge, seedLarge } from "./large";
import { defaultPages, runLighthouse } from "./lighthouse";
import { load, mergeSlices, warm, type LoadRow } from "./load";
import { benchRush } from "./rush";
import { benchRace, raceTable } from "./race";
import { ensureBenchTools } from "./tools";
import {
  caddyTargets,
  machine,
  render,
  writeResults,
  type BenchResult,
  type EngineResult,
} from "./report";
import { rushTable } from "./rush-report";
import {
  BENCH_API_PORT,
  BENCH_EMULATOR_PORT,
  ensureBuild,
  scratchDb,
  startShop,
  type Engine,
  type RunningShop,
} from "./shop";

const PARTS = ["api", "large", "lighthouse", "admin-orders", "rush", "race"] as const;
type Part = (typeof PARTS)[number];

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const only = flag("only")
  ?.split(",")
  .map((p) => p.trim()) ?? [...PARTS];
for (const p of only)
  if (!PARTS.includes(p as Part)) throw new Error(`--only takes ${PARTS.join(", ")}; got ${p}`);
const wants = (part: Part) => only.includes(part);
// Lighthouse and the orders dashboard need a browser: say so now rather than after the API rounds.
if (wants("lighthouse") || wants("admin-orders")) {
  try {
    chromiumPath();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
// Lighthouse and autocannon live in bench/node_modules, installed on the first run (bench/tools.ts);
// the rush needs neither.
if (only.some((p) => p !== "rush" && p !== "race")) ensureBenchTools();
const engines: Engine[] = flag("engine")
  ? [flag("engine") as Engine]
  : process.env.BENCH_DATABASE_URL
    ? ["pglite", "postgres"]
    : ["pglite"];
const options = {
  connections: Number(flag("connections") ?? 50),
  seconds: Number(flag("seconds") ?? 8),
};
const largeOptions = { connections: 10, seconds: options.seconds };
/** The api part runs each route's seconds in this many interleaved slices (`--rounds 1`: one run each). */
const rounds = Math.max(1, Number(flag("rounds") ?? 4));

const CEILING_DIR = path.resolve("dist/client/_bench");
const CEILING_PATH = "/_bench/catalogue.json";

const result: BenchResult = {
  at: new Date().toISOString(),
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  machine: machine(),
  engines: [],
  notes: [],
};

/**
 * The routes table: the static ceiling first (the same JSON as a file of this server), then
 * Caddy's file server with that JSON precompressed (the real ceiling, bench/caddy.ts), then each
 * route; every row is a share of both, measured in this one run.
 */
async function benchRoutes(shop: RunningShop): Promise<LoadRow[]> {
  const catalogue = await fetch(`${shop.base}/v2/products?limit=0&offset=0&status=active`);
  const body = Buffer.from(await catalogue.arrayBuffer());
  mkdirSync(CEILING_DIR, { recursive: true });
  writeFileSync(path.join(CEILING_DIR, "catalogue.json"), body);
  const id = (JSON.parse(body.toString()) as { id: string }[])[0]!.id;
  const kb = (body.length / 1024).toFixed(0);
  const caddy = caddyVersion() ? await startCaddy(body) : undefined;
  if (!caddy)
    console.log("  caddy is not installed (or CADDY does not name it): its row is left out.");
  try {
    type Route = [name: string, path: string, server?: RunningCaddy];
    const routes: Route[] = [
      [`static ceiling (${kb} KB JSON file)`, CEILING_PATH],
      ...(caddy
        ? [[`Caddy ${caddy.version} file server (${kb} KB JSON, precompressed)`, CADDY_PATH, caddy]]
        : []),
      ["catalogue API", "/v2/products?limit=0&offset=0&status=active"],
      ["one product", `/v2/products/${encodeURIComponent(id)}`],
      ["home lists", "/v2/home-products"],
      ["categories", "/v2/categories"],
      ["product page", `/products/product/${encodeURIComponent(id)}`],
      ["product list page", "/products"],
      ["content page", "/instructions"],
    ] as Route[];
    await warm(
      shop.base,
      routes.filter(([, , server]) => !server).map(([, p]) => p),
    );
    if (caddy) await warm(caddy.base, [CADDY_PATH]);
    // Each route's seconds in `rounds` slices, the routes taking turns, so a machine whose other
    // work comes and goes weighs on every row alike and the shares compare like with like.
    const slices: LoadRow[][] = routes.map(() => []);
    const slice = { ...options, seconds: options.seconds / rounds };
    for (let round = 0; round < rounds; round++)
      for (const [i, [name, route, server]] of routes.entries()) {
        const on = server ?? shop;
        slices[i]!.push(await load(on.base, name, [route], slice, on));
      }
    const rows = slices.map(mergeSlices);
    const caddyRow = caddy ? rows[routes.findIndex(([, , server]) => server)] : undefined;
    for (const row of rows)
      console.log(
        `  ${row.name.padEnd(52)} ${String(row.requestsPerSec).padStart(6)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  errors ${row.errors}`,
      );
    for (const row of rows) {
      row.ratio = row.requestsPerSec / rows[0]!.requestsPerSec;
      if (caddyRow) row.caddyRatio = row.requestsPerSec / caddyRow.requestsPerSec;
    }
    if (caddyRow) console.log(`  ${caddyTargets(rows)}`);
    return rows;
  } finally {
    await caddy?.stop();
  }
}

async function benchLighthouse(shop: RunningShop): Promise<void> {
  // Five runs per page, the median kept and the lowest shown (single runs of the simulated LCP move
  // by ±150 ms here); decision 0066's pages, the order, review and quote made first.
  result.lighthouse = await runLighthouse(shop.base, await defaultPages(shop.base), { runs: 5 });
}

async function benchEngine(engine: Engine, index: number): Promise<EngineResult> {
  const out: EngineResult = {
    engine: engine === "pglite" ? "PGlite" : "PostgreSQL",
    connections: options.connections,
    seconds: options.seconds,
    rows: [],
  };
  const lighthouseHere = wants("lighthouse") && index === 0;
  if (wants("api") || lighthouseHere) {
    const db = await scratchDb(engine);
    let emulator: RunningEmulator | undefined;
    let shop: RunningShop | undefined;
    try {
      if (lighthouseHere) {
        emulator = await startAuthEmulator({ port: BENCH_EMULATOR_PORT, quiet: true });
        Object.assign(process.env, {
          DEMO_MODE: "true",
          FIREBASE_PROJECT_ID: "demo-resin",
          FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        });
      }
      const handle = await db.open();
      await seedDemoCatalogue(handle.db);
      if (emulator) await ensureDemoAccounts(handle.db);
      await handle.close();
      shop = await startShop(db, BENCH_API_PORT + index);
      if (wants("api")) {
        console.log(
          `\n${out.engine}: ${options.connections} connections, ${options.seconds} s per route`,
        );
        out.rows = await benchRoutes(shop);
      }
      if (lighthouseHere) await benchLighthouse(shop);
    } finally {
      await shop?.stop();
      await emulator?.stop();
      await db.drop();
      rmSync(CEILING_DIR, { recursive: true, force: true });
    }
  }
  if (wants("large")) {
    const db = await scratchDb(engine);
    let shop: RunningShop | undefined;
    try {
      console.log(`\n${out.engine}: seeding 10,000 products into a scratch database...`);
      const handle = await db.open();
      const active = await seedLarge(handle.db);
      await handle.close();
      shop = await startShop(db, BENCH_API_PORT + 2 + index);
      out.large = await benchLarge(shop, active, largeOptions);
      for (const row of out.large.rows)
        console.log(
          `  ${row.name.padEnd(34)} ${String(row.requestsPerSec).padStart(6)} req/s  p99 ${row.p99Ms} ms`,
        );
    } finally {
      await shop?.stop();
      await db.drop();
    }
  }
  if (wants("rush")) {
    // Ports: the shop, the webhook tap (+1), the Auth Emulator (+3..+5). BENCH_RUSH_PORT moves them.
    const port = Number(process.env.BENCH_RUSH_PORT ?? 4461) + index * 10;
    out.rush = await benchRush(engine, { shoppers: 500, paceSeconds: 60, port, ...options });
    console.log(rushTable(out.rush));
  }
  if (wants("race")) {
    // 50 shoppers at once for 10 pieces (docs/decisions/0216); BENCH_RACE_PORT moves its ports.
    const port = Number(process.env.BENCH_RACE_PORT ?? 4481) + index * 10;
    out.race = await benchRace(engine, { shoppers: 50, pieces: 10, port });
    console.log(raceTable(out.race));
  }
  return out;
}

ensureBuild();
for (const [index, engine] of engines.entries())
  result.engines.push(await benchEngine(engine, index));
console.log(`\n${render(result)}`);
const file = writeResults(result, !process.argv.includes("--no-docs"));
console.log(
  `\nWritten: ${path.relative(process.cwd(), file)}, bench/results/latest.json${process.argv.includes("--no-docs") ? "" : ", docs/performance.md"}`,
);

if (wants("admin-orders")) await benchAdminOrders();
process.exit(0);
