/**
 * `npm start`: build when the build is missing or older than the sources, start the Auth Emulator
 * (demo mode), apply migrations, seed an empty database, then serve the shop and say where.
 *
 * Demo mode (the default when no FIREBASE_PROJECT_ID is configured) uses the local Auth Emulator,
 * which accepts unsigned tokens; the server refuses it unless it listens on localhost only.
 */
import { createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { startBanner } from "./banner";
import { assertPortFree, newInstanceId, waitForOwnServer } from "./own-server";
import { DEMO_PROJECT_ID, emulatorIsUp, startAuthEmulator } from "./emulator";
import { keepEmulatorAccounts } from "./emulator-save";
import { superviseEmulator } from "./emulator-watch";
import { SERVE_BUNDLE, SERVER_ENV, serverFlags } from "./server-flags";
import {
  isStopping,
  shutdown,
  startChild,
  stopAll,
  stopChildrenOnSignals,
  waitForHttp,
} from "./processes";

const ENTRY = path.resolve("dist/server/entry.mjs");
/** Wraps the built entry with compression and in-memory static files (docs/decisions/0041-compression.md). */
const SERVE = path.resolve("src/server/serve/serve.ts");
/**
 * How the shop's server process is started on a database (`DATABASE_URL`, or PGlite when empty),
 * here and by the benchmark (BENCH_NODE_FLAGS adds more, `moreFlags`), with V8 settings that keep it
 * small (docs/decisions/0048-server-memory.md):
 *  - with PGlite only, a heap that grows by 10 % at a time and a young generation of 4 MB per
 *    semi-space, so a burst (a whole-catalogue read) stays under 300 MB (0161; V8's memory-saving
 *    mode did the same at a seventh more CPU and a collection every 20 ms under a rush);
 *  - on PostgreSQL, a young generation of at most 16 MB per semi-space (under load V8 grows it to
 *    3 x 32 MB and keeps it; the cap costs no measurable throughput);
 *  - WebAssembly (the embedded PGlite engine) compiled once by the baseline compiler, never again
 *    by the optimising one: its second copy of the hot code and its compile memory stay out.
 *    Small queries are as fast; a 500-row scan takes ~30 % longer (the storefront reads from memory).
 */
export function serverArgs(databaseUrl: string | undefined, moreFlags: string[] = []): string[] {
  return [...serverFlags(databaseUrl), ...moreFlags, SERVE, ENTRY];
}
export { SERVER_ENV };
const SOURCES = ["src", "public", "astro.config.mjs", "package.json", "tsconfig.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!existsSync(ENTRY) || !existsSync(SERVE_BUNDLE)) return true;
  const built = statSync(ENTRY).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.resolve(s)) > built);
}

/** The same build as `npm run build`: Astro's, then the bundle `npm run serve` runs. */
async function buildIfNeeded(): Promise<void> {
  if (process.env.SKIP_BUILD === "true" && existsSync(ENTRY)) return;
  if (!buildIsStale()) return;
  console.log("Building the shop (sources changed since the last build)...");
  const result = spawnSync(path.resolve("node_modules/.bin/astro"), ["build"], {
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) throw new Error("astro build failed");
  // esbuild is loaded only when a build runs.
  await (await import("./bundle-serve")).bundleServe();
}

export interface StartOptions {
  /** Port of the auth emulator in demo mode. */
  emulatorPort?: number;
  /**
   * A file that receives a copy of everything the server process writes (stdout and stderr), for
   * tests that read the server's log (e2e/log-scan.spec.ts).
   */
  serverLog?: string;
}

export async function start(options: StartOptions = {}): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const host = process.env.HOST ?? "127.0.0.1";
  const port = Number(process.env.PORT ?? 4321);
  const dataDir = process.env.DATA_DIR ?? "./data";
  const demo = process.env.DEMO_MODE
    ? process.env.DEMO_MODE === "true"
    : !process.env.FIREBASE_PROJECT_ID;
  process.env.DEMO_MODE = String(demo);
  process.env.HOST = host;
  process.env.PORT = String(port);
  process.env.PUBLIC_SITE_URL ??= `http://localhost:${port}`;
  // A port another process holds is one clear line, before anything is built or started.
  await assertPortFree(host, port);

  // Outside demo mode every setting is checked before anything is built or started, and each
  // problem is one line (src/server/config-check.server.ts; `npm run check-config` prints the same).
  if (!demo) {
    const problems = await (await import("~/server/config-check.server")).configProblems();
    if (problems.length > 0) {
      throw new Error(
        [
          `The shop cannot start: ${problems.length} setting(s) to fix.`,
          ...problems.map((p) => `  - ${p}`),
        ].join("\n"),
      );
    }
  }
  const emulatorPort = options.emulatorPort ?? Number(process.env.EMULATOR_PORT ?? 9099);
  const emulatorHost = `127.0.0.1:${emulatorPort}`;
  if (demo) {
    // The demo's guard, before anything is built or started: loopback only, no proxy in front, a
    // local PUBLIC_SITE_URL (src/server/auth/firebase-admin.server.ts; decision 0074). Behind a
    // reverse proxy the demo would trust everyone who reaches the proxy.
    // The DEMO MODE warning is printed once, in the final banner (src/server/cli/banner.ts).
    process.env.SHOP_DEMO_BANNER = "1";
    const before = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    const { assertEmulatorAllowed } = await import("~/server/auth/firebase-admin.server");
    try {
      assertEmulatorAllowed();
    } catch (error) {
      throw new Error(`The demo did not start. ${(error as Error).message}`);
    }
    if (before === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = before;
  }

  // Astro's anonymous usage reporting stays off: nothing leaves the machine.
  process.env.ASTRO_TELEMETRY_DISABLED = "1";
  stopChildrenOnSignals();
  await buildIfNeeded();

  if (demo) {
    if (await emulatorIsUp(emulatorHost)) {
      console.log(`Using the Auth Emulator already running on ${emulatorHost}.`);
    } else {
      console.log(
        `Starting the Firebase Auth Emulator on ${emulatorHost} (demo mode, project ${DEMO_PROJECT_ID})...`,
      );
      const emulatorOptions = {
        port: emulatorPort,
        persistDir: path.resolve(dataDir, "auth-emulator"),
        quiet: true,
      };
      const running = await startAuthEmulator(emulatorOptions);
      // Sign-ups survive a crash too, not only a clean stop (decision 0171).
      const saver = keepEmulatorAccounts(emulatorPort, emulatorOptions.persistDir);
      superviseEmulator(running, emulatorOptions, saver);
    }
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    process.env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
  }

  // Refuses inconsistent payment settings (PAYMENT_PROVIDER=local outside demo mode) before serving.
  (await import("~/server/payments/config.server")).paymentConfig();

  // Migrations and the demo seed run here, before the server opens the same PGlite folder.
  const { prepareDatabase } = await import("./prepare");
  const summary = await prepareDatabase();

  // SHOP_SERVER_PROCESS: the server closes its database on Ctrl-C/SIGTERM (src/server/db/client.ts).
  // SHOP_INSTANCE_ID: /healthz answers it, so the banner waits for this server, not the port's.
  const instance = newInstanceId();
  const server = startChild(
    process.execPath,
    serverArgs(process.env.DATABASE_URL),
    {
      stdio: options.serverLog ? ["inherit", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...SERVER_ENV, SHOP_SERVER_PROCESS: "1", SHOP_INSTANCE_ID: instance },
    },
    // A stop lets the requests in flight finish first (docs/decisions/0113-clean-stops-under-load.md).
    30_000,
  );
  if (options.serverLog) {
    const copy = createWriteStream(options.serverLog, { flags: "a" });
    server.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      copy.write(chunk);
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      copy.write(chunk);
    });
  }
  server.on("exit", (code, signal) => {
    if (isStopping()) return; // a stop of ours (Ctrl-C, SIGTERM...) is under way
    // Exit code 0: the server was stopped on purpose (SIGTERM/Ctrl-C to it closes its database first).
    void shutdown(
      code === 0
        ? "The shop server was stopped (exit code 0); stopping the Auth Emulator and exiting."
        : `The shop server stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the Auth Emulator and exiting.`,
      code ?? 1,
    );
  });
  await waitForOwnServer(`http://${host}:${port}`, instance, { host, port }, server);
  await waitForHttp(`http://${host}:${port}/`, 60_000, server); // the first page, rendered once
  console.log(
    startBanner({
      port,
      listen: host,
      emulator: demo ? process.env.FIREBASE_AUTH_EMULATOR_HOST : undefined,
      summary,
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  start().catch(async (error: unknown) => {
    if (isStopping()) return; // a stop began while starting: it finishes the job
    console.error(error instanceof Error ? error.message : error);
    await stopAll(); // an emulator started before the failure must not outlive us
    process.exit(1);
  });
}
