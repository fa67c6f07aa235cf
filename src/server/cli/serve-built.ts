/**
 * `npm run serve`: the production start of a build made by `npm run build`, with production
 * dependencies only (`npm install --omit=dev` is enough; no tsx, no Astro build, no emulator).
 * It checks the settings (one line per problem, as `npm start` does outside demo mode), applies
 * the migrations and the start-up work of `npm start` (seed when asked, ADMIN_EMAILS), then runs
 * the server process and stops it on SIGTERM. Demo mode is refused: it needs the Auth Emulator,
 * which only `npm start` runs. docs/decisions/0115-serve-the-build.md
 *
 * `npm run build` bundles this file to dist/serve/serve-built.mjs (src/server/cli/bundle-serve.ts),
 * with the migrations beside it in dist/migrations, so the folder holds all a server needs.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startBanner } from "./banner";
import {
  isStopping,
  shutdown,
  startChild,
  stopAll,
  stopChildrenOnSignals,
  waitForHttp,
} from "./processes";
import { SERVER_ENV, serverFlags } from "./server-flags";
import { assertPortFree, newInstanceId, waitForOwnServer } from "./own-server";

/** dist/serve, where the bundle lives; dist/server and dist/migrations are its neighbours. */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(HERE, "..");

export async function serveBuilt(): Promise<void> {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new Error(
      `npm run serve needs Node 22.12 or newer (Node 24 recommended); this is Node ${process.versions.node}.`,
    );
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  process.env.HOST ??= "127.0.0.1";
  process.env.PORT ??= "4321";
  // The build's own copy, unless a folder that exists is named (.env.example names the sources').
  const named = process.env.MIGRATIONS_DIR;
  if (!named || !existsSync(named)) process.env.MIGRATIONS_DIR = path.join(DIST, "migrations");
  process.env.DEMO_MODE ??= String(!process.env.FIREBASE_PROJECT_ID);
  process.env.ASTRO_TELEMETRY_DISABLED = "1";

  const problems = await (await import("~/server/config-check.server")).configProblems();
  if (problems.length > 0) {
    throw new Error(
      [
        `The shop cannot start: ${problems.length} setting(s) to fix.`,
        ...problems.map((p) => `  - ${p}`),
        ...(process.env.DEMO_MODE === "true"
          ? ["  (For the demo on this machine run `npm start` from a full checkout instead.)"]
          : []),
      ].join("\n"),
    );
  }
  (await import("~/server/payments/config.server")).paymentConfig();

  const host = process.env.HOST;
  const port = Number(process.env.PORT);
  // A port another process holds is one clear line, before anything starts (./own-server.ts).
  await assertPortFree(host ?? "127.0.0.1", port);

  stopChildrenOnSignals();
  const { prepareDatabase } = await import("./prepare");
  const summary = await prepareDatabase();

  const instance = newInstanceId();
  const server = startChild(
    process.execPath,
    [
      ...serverFlags(process.env.DATABASE_URL),
      path.join(HERE, "server.mjs"),
      path.join(DIST, "server", "entry.mjs"),
    ],
    {
      stdio: "inherit",
      env: { ...process.env, ...SERVER_ENV, SHOP_SERVER_PROCESS: "1", SHOP_INSTANCE_ID: instance },
    },
    // A stop lets the requests in flight finish first (docs/decisions/0113-clean-stops-under-load.md).
    30_000,
  );
  server.on("exit", (code, signal) => {
    if (isStopping()) return;
    void shutdown(
      `The shop server stopped (${signal ?? `exit code ${code}`}); exiting.`,
      code === 0 ? 0 : (code ?? 1),
    );
  });
  await waitForOwnServer(
    `http://${host}:${port}`,
    instance,
    { host: String(host), port },
    server,
    120_000,
  );
  await waitForHttp(`http://${host}:${port}/readyz`, 120_000, server);
  console.log(startBanner({ port, listen: host, summary }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  serveBuilt().catch(async (error: unknown) => {
    if (isStopping()) return;
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  });
}
