import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { indiaClockSql } from "./dates-sql.server";

describe("India's wall clock in SQL", () => {
  it("adds the fixed +05:30 to a timestamptz read in UTC", () => {
    const query = new PgDialect().sqlToQuery(
      sql`to_char(${indiaClockSql(sql`o.paid_at`)}, 'HH24')`,
    );
    expect(query.sql).toBe(
      "to_char((o.paid_at at time zone 'UTC') + interval '330 minutes', 'HH24')",
    );
    expect(query.params).toEqual([]);
  });
});
