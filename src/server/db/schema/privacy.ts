/**
 * The shoppers' data requests (docs/decisions/0101-data-rights.md): a download of their data, a
 * withdrawal of consent, an erasure, a grievance. Kept with their dates as the record the DPDP
 * Rules ask for; after an erasure the row keeps only the (pseudonymous) account id.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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
    /**
     * A deletion's remainder: the orders still being made or on their way, whose name, phone and
     * address stay until delivery plus the claim window; the background pass then erases them and
     * sets completedAt (docs/decisions/0170-verified-email-and-held-erasure.md).
     */
    heldOrderIds: jsonb("held_order_ids").$type<string[]>().notNull().default([]),
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

/**
 * Personal-data breaches the owner recorded (docs/privacy-breach.md, decision 0172; DPDP Act 2023
 * s.8(6), DPDP Rules 2025 Rule 7): when it happened, what it touched, and how many notices were
 * queued. One row per window: recording the same window again mails no one twice. Holds no one's
 * details (the notices are in the outbox).
 */
export const dataBreaches = pgTable(
  "data_breaches",
  {
    id: text("id").primaryKey(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    /** Rule 7(1)(a)-(d) in the owner's words, as the notices said them. */
    description: text("description").notNull(),
    consequences: text("consequences").notNull(),
    measures: text("measures").notNull(),
    safety: text("safety").notNull(),
    recordedBy: text("recorded_by").notNull(),
    recordedAt: createdAt(),
    notices: integer("notices").notNull().default(0),
  },
  (t) => [uniqueIndex("data_breaches_window_key").on(t.startedAt, t.endedAt)],
);
