/** The studio's team (docs/decisions/0255-team-invites.md): the owner's invites to join the portal. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * An invite by email: the link carries a random token, only its SHA-256 is kept here. It is
 * accepted once, before `expires_at`, by a signed-in account whose verified email is `email`.
 */
export const teamInvites = pgTable(
  "team_invites",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by"),
  },
  (t) => [
    index("team_invites_email_idx").on(sql`lower(${t.email})`),
    check("team_invites_role_check", sql`${t.role} in ('tm_admin', 'studio', 'accountant')`),
  ],
);
