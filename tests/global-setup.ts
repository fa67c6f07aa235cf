/**
 * Runs once per Vitest run, before any test file: migrates one template database per engine, so
 * each test file's fresh database is a copy of it instead of a new engine migrated from scratch
 * (docs/decisions/0295-ci-time.md). PGlite: a migrated in-memory instance dumped to a tarball
 * under .tmp/ (kept while the migrations and PGlite stay the same), which tests/helpers/db.ts
 * loads. PostgreSQL: a migrated database that `CREATE DATABASE … TEMPLATE` copies, dropped at the
 * end. On CI (or with TEST_SHARED_EMULATORS=1) it also starts one Auth Emulator per worker, which
 * the files that worker runs use one after the other, emptied at each start
 * (tests/helpers/auth.ts), instead of each file starting its own. Also says plainly when the
 * PostgreSQL half of the integration tests is skipped.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data folder's tarball ("" when none was made). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database to copy ("" without TEST_DATABASE_URL). */
    postgresTemplate: string;
    /** The shared Auth Emulators' hosts, the n-th for worker VITEST_POOL_ID n (none: each starts its own). */
    authEmulators: string[];
  }
}

const MIGRATIONS = path.resolve("src/server/db/migrations");

/** The tarball's name follows the migrations' text and PGlite's version: a change makes a new one. */
function templateKey(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  hash.update(readFileSync("node_modules/@electric-sql/pglite/package.json"));
  return hash.digest("hex").slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const dir = path.resolve(".tmp/test-templates");
  const file = path.join(dir, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir("none");
    mkdirSync(dir, { recursive: true });
    // Written aside then renamed: a run started at the same time never reads half a file.
    const aside = `${file}.${process.pid}`;
    writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
    renameSync(aside, file);
    // Templates of older migrations are of no more use: 40 MB each.
    for (const old of readdirSync(dir))
      if (old.endsWith(".tar") && path.join(dir, old) !== file)
        rmSync(path.join(dir, old), { force: true });
  } finally {
    await client.close();
  }
  return file;
}

async function postgresTemplate(
  admin: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const { openDb } = await import("~/server/db/client");
  const name = `resin_template_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString(), migrationsDir: MIGRATIONS });
  await handle.close();
  return { name, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Starting an emulator costs several seconds of CPU (the CLI builds its request validators): worth
 * it once per worker for a whole run, not for the one or two files a developer runs.
 */
async function sharedEmulators(
  workers: number,
): Promise<{ hosts: string[]; stop: () => Promise<void> }> {
  const wanted = process.env.TEST_SHARED_EMULATORS ?? (process.env.CI ? "1" : "0");
  if (wanted !== "1") return { hosts: [], stop: async () => {} };
  const { startAuthEmulator } = await import("~/server/cli/emulator");
  const { EMULATOR_PORTS } = await import("./helpers/ports");
  const first = EMULATOR_PORTS.shared + Number(process.env.TEST_PORT_OFFSET ?? 0);
  const started = await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      startAuthEmulator({ port: first + 5 * i, quiet: true }),
    ),
  );
  return {
    hosts: started.map((e) => e.host),
    stop: async () => {
      await Promise.all(started.map((e) => e.stop()));
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workers = Number(project.config.maxWorkers) || 2;
  const [pglite, emulators] = await Promise.all([pgliteTemplate(), sharedEmulators(workers)]);
  project.provide("pgliteTemplate", pglite);
  project.provide("authEmulators", emulators.hosts);
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    console.log(
      "PostgreSQL half skipped: TEST_DATABASE_URL is not set, so the integration tests ran on PGlite only (.ci/run sets it).",
    );
    project.provide("postgresTemplate", "");
    return emulators.stop;
  }
  const template = await postgresTemplate(admin);
  project.provide("postgresTemplate", template.name);
  return async () => {
    await Promise.all([template.drop(), emulators.stop()]);
  };
}
