/**
 * A clean stop under load (docs/decisions/0113-clean-stops-under-load.md), on the built server as
 * `npm start` runs it: while forty clients keep sending custom-order inquiries (each one a row and
 * an outbox mail in one transaction), SIGTERM reaches the server. It stops accepting, answers every
 * request it had taken, runs its stop steps and exits 0; afterwards the database opens cleanly and
 * holds exactly one inquiry per answered 201 (none half-written, none answered and lost).
 * PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDb, schema } from "../src/server/db/client";
import { SERVER_ARGS, SERVER_ENV } from "../src/server/cli/start";
import { dbKinds } from "./helpers/db";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
/** Ops' own range (31500-31599) when TEST_PORT_OFFSET is 6000, else a quiet default. */
const BASE_PORT = OFFSET === 6000 ? 31500 : 31500 + (OFFSET % 90);
const MIGRATIONS = "src/server/db/migrations";

const INQUIRY = {
  name: "Load Tester",
  email: "load@example.com",
  productType: "Frame",
  description: "A request sent while the server stops.",
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where the server keeps its data: a PGlite folder, or a fresh PostgreSQL database. */
async function freshStore(kind: "pglite" | "postgres"): Promise<Record<string, string>> {
  if (kind === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "resin-stop-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openDb({ dataDir, migrationsDir: MIGRATIONS });
    await handle.close();
    return { DATA_DIR: dataDir };
  }
  const { default: pg } = await import("pg");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `resin_stop_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString(), migrationsDir: MIGRATIONS });
  await handle.close();
  const dataDir = mkdtempSync(path.join(tmpdir(), "resin-stop-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
}

async function inquiries(store: Record<string, string>): Promise<number> {
  const handle = await openDb({
    url: store.DATABASE_URL,
    dataDir: store.DATA_DIR,
    migrationsDir: MIGRATIONS,
  });
  try {
    const [row] = await handle.db.select({ n: count() }).from(schema.customInquiries);
    return Number(row?.n ?? 0);
  } finally {
    await handle.close();
  }
}

describe.each(dbKinds)("a clean stop under load on %s", (kind) => {
  it("SIGTERM with requests in flight: every taken request is answered, then the database closes and the process exits 0", async () => {
    if (!existsSync("dist/server/entry.mjs")) {
      const built = spawnSync("node_modules/.bin/astro", ["build"], { stdio: "inherit" });
      expect(built.status, "astro build").toBe(0);
    }
    const store = await freshStore(kind);
    const port = BASE_PORT + (kind === "pglite" ? 0 : 1);
    const server = spawn(process.execPath, SERVER_ARGS, {
      env: {
        ...process.env,
        ...SERVER_ENV,
        ...store,
        ...(kind === "pglite" ? { DATABASE_URL: "" } : {}),
        SHOP_SERVER_PROCESS: "1",
        HOST: "127.0.0.1",
        PORT: String(port),
        DEMO_MODE: "true",
        FIREBASE_PROJECT_ID: "demo-resin",
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port + 50}`,
        PUBLIC_SITE_URL: `http://localhost:${port}`,
        INQUIRY_LIMIT_PER_HOUR: "1000000",
        INQUIRY_EMAIL_LIMIT_PER_HOUR: "1000000",
        LOG_FORMAT: "json",
        SHUTDOWN_TIMEOUT_MS: "20000",
        SHOP_DEMO_BANNER: "1",
        VITEST: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (c: Buffer) => (output += c.toString()));
    server.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    cleanups.push(() => void (server.exitCode === null && server.kill("SIGKILL")));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      expect(Date.now() < deadline, `the server did not start:\n${output}`).toBe(true);
      await new Promise((r) => setTimeout(r, 250));
    }

    let stopping = false;
    const answered: number[] = [];
    const failures: string[] = [];
    const client = async () => {
      while (Date.now() < deadline + 120_000) {
        try {
          const res = await fetch(`${base}/v2/custom-order-email`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(INQUIRY),
          });
          await res.arrayBuffer();
          answered.push(res.status);
        } catch (error) {
          // After the stop began, a refused or closed connection is the stop doing its job.
          if (!stopping) failures.push(String((error as Error).cause ?? error));
          return;
        }
      }
    };
    const load = Array.from({ length: 40 }, client);
    await new Promise((r) => setTimeout(r, 1_500));
    stopping = true;
    server.kill("SIGTERM");
    await Promise.all(load);
    const code = await exited;

    expect(failures).toEqual([]);
    expect(code, output.slice(-2000)).toBe(0);
    const lines = output
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg?: string });
    const begun = lines.find((l) => l.msg?.includes("SIGTERM: stopping"));
    expect(begun?.msg).toMatch(/finishing [1-9]\d* in flight/);
    expect(lines.some((l) => l.msg?.startsWith("[server] stopped cleanly"))).toBe(true);
    expect(lines.some((l) => l.msg?.includes("still running after"))).toBe(false);
    expect(answered.filter((s) => s >= 500)).toEqual([]);
    const created = answered.filter((s) => s === 201).length;
    expect(created).toBeGreaterThan(0);
    if (kind === "pglite")
      expect(existsSync(path.join(store.DATA_DIR!, "pglite.lock"))).toBe(false);
    expect(await inquiries(store)).toBe(created);
  }, 180_000);
});
