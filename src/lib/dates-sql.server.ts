/**
 * India's wall clock inside PostgreSQL, for the queries that count days or write times in India
 * (the reports' day buckets, the CSV exports' times): the same fixed +05:30 as INDIA_OFFSET_MS in
 * ./dates.ts, so the database and the server agree on when an India day starts. Server only.
 */
import { sql, type SQL } from "drizzle-orm";
import { INDIA_OFFSET_MS } from "./dates";

const OFFSET = sql.raw(`interval '${INDIA_OFFSET_MS / 60_000} minutes'`);

/** A timestamptz column as India's wall clock (a timestamp without zone). */
export function indiaClockSql(column: SQL): SQL {
  return sql`(${column} at time zone 'UTC') + ${OFFSET}`;
}
