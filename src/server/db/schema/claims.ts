/**
 * Damage claims (docs/decisions/0247-damage-claims.md): one per delivered order, opened by the
 * shopper inside the claim window or by the owner as goodwill after it, with its photos and one
 * unboxing video (claim_media; the files are kept privately, never under /media), and the owner's
 * one decision: a free replacement order, a refund through the refund path, or a decline.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orders } from "./orders";
import { createdAt, updatedAt } from "./columns";

export const CLAIM_STATUSES = ["open", "replaced", "refunded", "declined"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A claimed line: the order line's id and how many of it arrived damaged. */
export interface ClaimedLine {
  itemId: string;
  quantity: number;
}

export const damageClaims = pgTable(
  "damage_claims",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's owner (the claim is theirs even when the owner opened it as goodwill). */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lines: jsonb("lines").$type<ClaimedLine[]>().notNull(),
    description: text("description").notNull(),
    /** Opened by the owner after the window closed (or for a shopper who could not). */
    goodwill: boolean("goodwill").notNull().default(false),
    /** When the order was delivered, and the window's end, as they were when the claim came in. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull(),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    status: text("status").$type<ClaimStatus>().notNull().default("open"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").notNull().default(""),
    declineReason: text("decline_reason").notNull().default(""),
    /** A refund decision: the refund (refunds.id) and its amount. */
    refundId: text("refund_id"),
    refundPaise: integer("refund_paise").notNull().default(0),
    /** A replacement decision: the free order, and what the replaced lines sold for (its cost). */
    replacementOrderId: text("replacement_order_id"),
    replacementCostPaise: integer("replacement_cost_paise").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("damage_claims_order_key").on(t.orderId),
    index("damage_claims_status_created_idx").on(t.status, t.createdAt),
    index("damage_claims_user_idx").on(t.userId),
    check(
      "damage_claims_status_check",
      sql`${t.status} in ('open', 'replaced', 'refunded', 'declined')`,
    ),
    check(
      "damage_claims_money_check",
      sql`${t.refundPaise} >= 0 and ${t.replacementCostPaise} >= 0`,
    ),
  ],
);

/** A claim's photo or video: the bytes are in the private claim store, `claims-<claimId>/<id>.<ext>`. */
export const claimMedia = pgTable(
  "claim_media",
  {
    id: text("id").primaryKey(),
    claimId: text("claim_id")
      .notNull()
      .references(() => damageClaims.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"photo" | "video">().notNull(),
    ext: text("ext").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("claim_media_claim_idx").on(t.claimId),
    check("claim_media_kind_check", sql`${t.kind} in ('photo', 'video')`),
  ],
);
