/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * PostgreSQL database when TEST_DATABASE_URL points at a server (`.ci/run` sets it).
 * Each is a copy of the run's migrated template (tests/global-setup.ts): PGlite loads its dumped
 * data folder, PostgreSQL copies its database; migrations then find nothing left to apply.
 * The app's getDb() is pointed at it, so route handlers under test use it too.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { openDb, schema, setDbForTests, type Db } from "~/server/db/client";

let pgliteTemplate: Blob | undefined;

/** The template's tarball, read once per test file; none outside a Vitest run with its set-up. */
function pgliteStart(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

export type TestDb = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };

export async function createTestDb(kind: "pglite" | "postgres" = "pglite"): Promise<TestDb> {
  if (kind === "pglite") {
    const handle = await openDb({
      dataDir: "memory://",
      migrationsDir: "src/server/db/migrations",
      loadDataDir: pgliteStart(),
    });
    return attached(handle, kind);
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is not set");
  const { default: pg } = await import("pg");
  const name = `resin_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  const template = inject("postgresTemplate");
  await adminClient.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await adminClient.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString(), migrationsDir: "src/server/db/migrations" });
  return attached(handle, kind, async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
}

/** The app's getDb() pointed at the handle; close() unsets it, closes the handle, then runs `after`. */
function attached(
  handle: Awaited<ReturnType<typeof openDb>>,
  kind: TestDb["kind"],
  after?: () => Promise<void>,
): TestDb {
  setDbForTests(handle);
  return {
    db: handle.db,
    kind,
    close: async () => {
      setDbForTests(undefined);
      await handle.close();
      await after?.();
    },
  };
}

/** The database kinds this run covers: always PGlite, PostgreSQL too when TEST_DATABASE_URL is set. */
export const dbKinds: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** A database whose every read throws as a missing table would: for the pages' "failed" (503) state. */
export const failingDb = (): Db =>
  ({
    select: () => {
      throw new Error("relation does not exist");
    },
  }) as unknown as Db;

/** The owner's users row: this id with role tm_admin, its email `<id>@example.com` unless given. */
export async function addOwner(db: Db, id: string, email = `${id}@example.com`): Promise<void> {
  await db.insert(schema.users).values({ id, email, role: "tm_admin" });
}
