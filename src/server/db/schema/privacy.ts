/**
 * The shoppers' data requests (docs/decisions/0101-data-rights.md): a download of their data, a
 * withdrawal of consent, an erasure, a grievance. Kept with their dates as the record the DPDP
 * Rules ask for; after an erasure the row keeps only the (pseudonymous) account id.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const DATA_REQUEST_KINDS = [
  "export",
  "consent-withdrawal",
  "deletion",
  "grievance",
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const dataRequests = pgTable(
  "data_requests",
  {
    id: text("id").primaryKey(),
    /** The Firebase uid; no foreign key, so the record outlives what it describes. */
    userId: text("user_id").notNull(),
    kind: text("kind").$type<DataRequestKind>().notNull(),
    /** A grievance's text (removed with the person on erasure). */
    details: text("details").notNull().default(""),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("data_requests_created_idx").on(t.createdAt),
    index("data_requests_user_idx").on(t.userId),
    check(
      "data_requests_kind_check",
      sql`${t.kind} in ('export', 'consent-withdrawal', 'deletion', 'grievance')`,
    ),
  ],
);
