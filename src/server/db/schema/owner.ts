/** The owner's records: the audit trail of her actions and the shop's settings. */
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

/**
 * One row per owner action (docs/decisions/0081-audit-trail-and-settings.md): who, when, from which
 * address, what changed (before / after as the domain describes them). Never updated or deleted by
 * the shop (an erasure masks the person's details inside, decision 0135); kept at least a year.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUid: text("actor_uid").notNull(),
    actorEmail: text("actor_email"),
    /** The client address the request came from (TRUST_PROXY rules, decision 0071). */
    address: text("address"),
    /** What was done, as `<entity>.<verb>`: `order.status`, `product.update`, `settings.business`. */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
  ],
);

/**
 * The shop's settings, one row per section (`business`, `shipping`, ...), each a JSON value checked by
 * its section's schema on read and write. Environment variables only seed a section's first value.
 */
export const shopSettings = pgTable("shop_settings", {
  section: text("section").primaryKey(),
  value: jsonb("value").notNull(),
  /** Bumped on every write; a screen that saved an older version gets 409 instead of overwriting. */
  version: integer("version").notNull().default(1),
  updatedAt: updatedAt(),
  updatedBy: text("updated_by"),
});
