/**
 * What the owner must hear of at once (decision 0185): a failed delivery attempt (NDR), a return to
 * origin (RTO), a loss, a pickup gone wrong, a status code the shop does not know. Each such event
 * marks the shipment (`attention`, counted beside 'Orders' in the portal until she marks it seen)
 * and is written on the order's log; an NDR mails her each time, an RTO and a loss when the parcel
 * moves into them. Called inside the tracking transaction (tracking.server.ts).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { shipments } from "~/server/db/schema";
import { log } from "~/server/log/logger";
import { ownerAddress, sendMail } from "~/server/mail.server";
import { logOrder } from "~/features/orders/order-log.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import type { TrackingSnapshot } from "./providers/provider";
import { ownerParcelMail, type ParcelFacts } from "./shipment-mail";

type Shipment = typeof shipments.$inferSelect;

export function parcelFacts(
  order: StoredOrder,
  shipment: Shipment,
  snapshot: TrackingSnapshot,
): ParcelFacts {
  return {
    orderId: order.id,
    firstName: order.shippingName.firstName || order.billingName.firstName,
    courierName: shipment.courierName || snapshot.courierName,
    awb: shipment.awb,
    trackingUrl: shipment.trackingUrl || snapshot.trackingUrl,
    etd: snapshot.etd || shipment.etd,
  };
}

/** The order's log line and the owner's mail for an RTO, a loss or an NDR. */
export async function ownerParcelNews(
  tx: Tx,
  orderId: string,
  shipment: Shipment,
  snapshot: TrackingSnapshot,
  kind: "rto" | "lost" | "ndr",
  facts: ParcelFacts,
): Promise<void> {
  const words = snapshot.providerStatus || kind;
  await logOrder(tx, orderId, "shipment", `Parcel ${shipment.awb}: ${words}`, {
    shipmentId: shipment.id,
    code: snapshot.statusCode,
  });
  await sendMail(tx, ownerParcelMail(kind, ownerAddress(), facts, snapshot.providerStatus));
}

/**
 * A new event with an alert. RTO and loss mails go out where the parcel moves into them (the
 * tracking's order news); an NDR mails here, each attempt; a pickup problem or an unknown code is
 * written on the order's log and flagged only.
 */
export async function alertOwner(
  tx: Tx,
  shipment: Shipment,
  snapshot: TrackingSnapshot,
  moves: boolean,
): Promise<void> {
  const alert = snapshot.alert;
  if (!alert || ((alert === "rto" || alert === "lost") && moves)) return;
  const order = await loadOrderRow(tx, shipment.orderId);
  if (!order) return;
  if (alert === "ndr") {
    await ownerParcelNews(
      tx,
      order.id,
      shipment,
      snapshot,
      "ndr",
      parcelFacts(order, shipment, snapshot),
    );
    return;
  }
  if (alert === "unknown")
    log.warn(
      `[shipping] parcel ${shipment.awb}: status code ${snapshot.statusCode || "(none)"} ("${snapshot.providerStatus}") is not in the shop's table; kept and flagged`,
    );
  if (alert === "unknown" || alert === "pickup")
    await logOrder(tx, order.id, "shipment", `Parcel ${shipment.awb}: ${snapshot.providerStatus}`, {
      shipmentId: shipment.id,
      code: snapshot.statusCode,
    });
}

/** How many parcels have news the owner has not marked seen (the portal's badge). */
export async function countParcelAlerts(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(shipments)
    .where(ne(shipments.attention, ""));
  return Number(row?.n ?? 0);
}

/** The owner saw the news: the parcel leaves the count. False when it had none. */
export async function markParcelAlertSeen(db: Db | Tx, id: string): Promise<boolean> {
  const cleared = await db
    .update(shipments)
    .set({ attention: "", attentionAt: null })
    .where(and(eq(shipments.id, id), ne(shipments.attention, "")))
    .returning({ id: shipments.id });
  return cleared.length > 0;
}
