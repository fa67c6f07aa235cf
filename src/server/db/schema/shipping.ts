/**
 * Shipments (docs/shipping.md, decisions 0105-0107): an order may have several; each is booked with
 * the shipping provider of its day (manual or shiprocket) and followed by its tracking events.
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
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";

/** One scan of the courier's, as the provider reported it (oldest first in `shipments.scans`). */
export interface ShipmentScan {
  at: string;
  activity: string;
  location: string;
  status: string;
}

export const shipments = pgTable(
  "shipments",
  {
    /** Also the provider's channel order id, so a retry finds an order the last try created. */
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").$type<"manual" | "shiprocket">().notNull(),
    /** The portal form's key: a double click or a retried request answers the same shipment. */
    clientKey: text("client_key").notNull(),
    /** booking -> booked -> picked_up -> in_transit -> out_for_delivery -> delivered; rto, lost, cancelled. */
    status: text("status").notNull().default("booking"),
    /** The provider's own word for where the parcel is (Shiprocket's current_status). */
    providerStatus: text("provider_status").notNull().default(""),
    weightGrams: integer("weight_grams").notNull(),
    lengthCm: integer("length_cm").notNull(),
    breadthCm: integer("breadth_cm").notNull(),
    heightCm: integer("height_cm").notNull(),
    /** cheapest | fastest | a courier id from the serviceability answer. */
    courierChoice: text("courier_choice").notNull().default("cheapest"),
    courierId: text("courier_id").notNull().default(""),
    courierName: text("courier_name").notNull().default(""),
    providerOrderId: text("provider_order_id").notNull().default(""),
    providerShipmentId: text("provider_shipment_id").notNull().default(""),
    awb: text("awb").notNull().default(""),
    labelUrl: text("label_url").notNull().default(""),
    trackingUrl: text("tracking_url").notNull().default(""),
    pickupScheduledAt: text("pickup_scheduled_at").notNull().default(""),
    /** What the courier charges the shop for this parcel, paise (0 until known). */
    costPaise: integer("cost_paise").notNull().default(0),
    /** Where costPaise comes from: 'quote' (the serviceability rate), 'courier' (the charge), 'owner'. */
    costSource: text("cost_source").notNull().default(""),
    /** The provider's manifest (PDF link) once the pickup was requested (decision 0186). */
    manifestUrl: text("manifest_url").notNull().default(""),
    /** News the owner has not seen yet: ndr, rto, lost, pickup, unknown ('' when none; decision 0185). */
    attention: text("attention").notNull().default(""),
    attentionAt: timestamp("attention_at", { withTimezone: true }),
    /** The courier's expected delivery date, as reported (Shiprocket's etd). */
    etd: text("etd").notNull().default(""),
    scans: jsonb("scans").$type<ShipmentScan[]>().notNull().default([]),
    /** Booking attempts; a claim older than a minute may be taken over by a retry. */
    bookingAttempts: integer("booking_attempts").notNull().default(0),
    bookingClaimedAt: timestamp("booking_claimed_at", { withTimezone: true }),
    /** The last booking error, as a sentence for the owner ('' when none). */
    lastError: text("last_error").notNull().default(""),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the provider last told us anything (webhook or re-check). */
    lastNewsAt: timestamp("last_news_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("shipments_order_idx").on(t.orderId),
    uniqueIndex("shipments_order_client_key").on(t.orderId, t.clientKey),
    uniqueIndex("shipments_provider_awb").on(t.provider, t.awb).where(sql`${t.awb} <> ''`),
    index("shipments_news_idx").on(t.status, t.lastNewsAt),
    index("shipments_attention_idx").on(t.attention),
    check(
      "shipments_status_check",
      sql`${t.status} in ('booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'rto', 'lost', 'cancelled')`,
    ),
    check(
      "shipments_size_check",
      sql`${t.weightGrams} > 0 and ${t.lengthCm} > 0 and ${t.breadthCm} > 0 and ${t.heightCm} > 0 and ${t.costPaise} >= 0`,
    ),
  ],
);

/** Every tracking event once (its key: AWB, status and time), whether from a webhook or a re-check. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: text("id").primaryKey(),
    /** Null when no shipment has the AWB (the event is kept all the same, decision 0185). */
    shipmentId: text("shipment_id").references(() => shipments.id, { onDelete: "cascade" }),
    source: text("source").$type<"webhook" | "recheck" | "owner">().notNull(),
    awb: text("awb").notNull().default(""),
    /** The provider's status code as sent (Shiprocket's shipment_status_id). */
    code: text("code").notNull().default(""),
    /** The stage it moved the parcel to; '' when it moves nothing. */
    status: text("status").notNull(),
    /** ndr, rto, lost, pickup, unknown: the owner was told; '' otherwise. */
    alert: text("alert").notNull().default(""),
    providerStatus: text("provider_status").notNull().default(""),
    /** When the courier says it happened. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    body: jsonb("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipment_events_shipment_idx").on(t.shipmentId, t.at),
    index("shipment_events_awb_idx").on(t.awb),
  ],
);
