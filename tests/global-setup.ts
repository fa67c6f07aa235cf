/**
 * Runs once per Vitest run, before any test file: migrates one template database per engine, so
 * each test file's fresh database is a copy of it instead of a new engine migrated from scratch
 * (docs/decisions/0295-ci-time.md). PGlite: a migrated in-memory instance dumped to a tarball
 * under .tmp/ (kept while the migrations and PGlite stay the same), which tests/helpers/db.ts
 * loads. PostgreSQL: a migrated database that `CREATE DATABASE … TEMPLATE` copies, dropped at the
 * end. Also says plainly when the PostgreSQL half of the integration tests is skipped.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide("pgliteTemplate", await pgliteTemplate());
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    console.log(
      "PostgreSQL half skipped: TEST_DATABASE_URL is not set, so the integration tests ran on PGlite only (.ci/run sets it).",
    );
    project.provide("postgresTemplate", "");
    return async () => {};
  }
  const template = await postgresTemplate(admin);
  project.provide("postgresTemplate", template.name);
  return template.drop;
}
