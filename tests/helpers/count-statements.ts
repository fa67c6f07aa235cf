/**
 * Counts the SQL statements the app sends while `run` runs: the app's getDb() is pointed, for that
 * time, at a second Drizzle instance over the same connection whose logger counts each query.
 * BEGIN/COMMIT/ROLLBACK are left out (node-postgres logs them, PGlite does not).
 */
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { schema, setDbForTests, type Db } from "~/server/db/client";
import type { TestDb } from "./db";

export async function countStatements<T>(
  t: TestDb,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const logger = {
    logQuery: (query: string) =>
      void (/^\s*(begin|commit|rollback)\b/i.test(query) || statements.push(query)),
  };
  const client = (t.db as unknown as { $client: never }).$client;
  const counting = (t.kind === "pglite"
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
  setDbForTests({ db: counting, close: async () => {} });
  try {
    return { result: await run(), statements };
  } finally {
    setDbForTests({ db: t.db, close: async () => {} });
  }
}
