/**
 * The one database client. PGlite under DATA_DIR by default (one process per data folder);
 * PostgreSQL through `pg` when DATABASE_URL is set. Migrations are applied on first use.
 *
 * Inside a transaction use only the `tx` handed to the callback: PGlite has one connection,
 * and a query on `db` while a transaction is open would wait for itself.
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import path from "node:path";
import { entityKind } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "~/server/env";
import * as schema from "./schema";
import { onStop } from "~/server/serve/stop-hooks";
import { pgliteForDrizzle } from "./pglite-client";
import { log } from "~/server/log/logger";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

type Handle = { db: Db; close: () => Promise<void> };

let opening: Promise<Handle> | undefined;

/**
 * The embedded engine runs inside the shop's process, so its shared memory is the shop's memory.
 * PostgreSQL's defaults (128 MB of shared buffers, room for 100 connections) are sized for a
 * server; PGlite has one connection and a shop's catalogue is a few MB, so these settings keep
 * ~100 MB less resident with no measurable change in speed (docs/decisions/0048-server-memory.md).
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "max_connections=5"];

export interface OpenOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  url?: string;
  /** PGlite folder, or "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  migrationsDir?: string;
  /**
   * With an in-memory dataDir: a dumped PGlite data folder to start from instead of a new one
   * (the tests' migrated template, tests/global-setup.ts); migrations still run on top.
   */
  loadDataDir?: Blob;
}

/** Opens a database and applies every committed migration. Used by getDb() and by tests. */
export async function openDb(options: OpenOptions = {}): Promise<Handle> {
  const migrationsFolder = path.resolve(options.migrationsDir ?? env().MIGRATIONS_DIR);
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) =>
      log.error(`[db] idle PostgreSQL connection lost: ${error.message}`),
    );
    // No schema: the relational API (db.query.*) is unused, and with a schema every transaction
    // made a query builder per table (docs/decisions/0331-hot-statements-built-once.md).
    const db = drizzle(pool);
    // Several app servers may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(727274)");
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
    return { db: db as unknown as Db, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? env().DATA_DIR;
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const startParams = [
    ...PGlite.defaultStartParams,
    ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]),
  ];
  let client: InstanceType<typeof PGlite>;
  let release = () => {};
  if (dataDir.startsWith("memory://")) {
    client = new PGlite({ startParams, loadDataDir: options.loadDataDir });
  } else {
    const dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    release = lockDataFolder(path.resolve(dataDir, "pglite.lock"));
    client = new PGlite(dir, { startParams });
  }
  let db: ReturnType<typeof drizzle>;
  try {
    db = drizzle(await pgliteForDrizzle(client)); // no schema: see the PostgreSQL handle above
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite is one process per data folder: a second process opening it would corrupt it. A lock file
 * holding the owner's pid refuses a second opener while the first is alive, and is taken over when
 * its process is gone (a crash leaves it behind).
 */
function lockDataFolder(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off("exit", release);
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
        } catch {}
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8"));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data folder ${path.dirname(lockPath)} is in use by process ${owner} (PGlite allows one process per folder). ` +
            "Stop that process, or set DATA_DIR to another folder, or use DATABASE_URL for PostgreSQL.",
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process-wide database, opened from the environment on first use. */
export async function getDb(): Promise<Db> {
  if (!opening) closeOnSignals();
  opening ??= openDb({ url: env().DATABASE_URL }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return (await opening).db;
}

let signalsHandled = false;

/**
 * In the shop's server process (`npm start` sets SHOP_SERVER_PROCESS=1), Ctrl-C and SIGTERM close
 * the database before the process ends: PGlite flushes and releases its folder lock, so the next
 * start has nothing to recover; a PostgreSQL pool says goodbye instead of dropping connections.
 */
function closeOnSignals(): void {
  if (signalsHandled || process.env.SHOP_SERVER_PROCESS !== "1") return;
  signalsHandled = true;
  // Under the shop's server (serve.ts), the database closes last, after the requests in flight
  // and the background jobs (docs/decisions/0113-clean-stops-under-load.md).
  if (onStop("database", 100, closeDb)) return;
  const stop = (signal: NodeJS.Signals) => {
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    closeDb()
      .catch((error: unknown) => log.error(`[db] closing on ${signal} failed`, error))
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** Closes the process-wide database (scripts call this before exiting). */
export async function closeDb(): Promise<void> {
  if (!opening) return;
  const handle = await opening;
  opening = undefined;
  await handle.close();
}

/** Lets tests hand the app a database they opened themselves. */
export function setDbForTests(handle: Handle | undefined): void {
  opening = handle ? Promise.resolve(handle) : undefined;
}

export { schema };

/**
 * Whether this handle's transactions run one at a time (docs/decisions/0314-one-transaction-at-a-time.md):
 * true on PGlite, whose one connection a transaction holds whole and which one process opens per
 * data folder, so a row lock taken inside a transaction there keeps nothing out; false on
 * PostgreSQL. The kind is read from the Drizzle session, so a test's counting handle answers alike.
 */
export function transactionsRunAlone(db: DbOrTx): boolean {
  const session = (db as unknown as { session?: object }).session;
  return (
    (session?.constructor as { [entityKind]?: string } | undefined)?.[entityKind] ===
    "PgliteSession"
  );
}
