/**
 * A parcel's news, whichever way it comes (the webhook, the re-check, the owner's marks with manual
 * shipping): each event is stored once (its key), the shipment moves forward only (an older event
 * arriving late changes nothing), and the order moves to shipped and delivered once each, with the
 * shopper's mail; a return (RTO) or a loss is logged on the order and mailed to the owner
 * (docs/shipping.md, decision 0107). News that moves nothing (a cancellation request, an NDR, an
 * unknown code) is kept all the same, and what the owner must hear of at once is flagged and
 * mailed (parcel-alerts.server.ts, decision 0185).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { type ShipmentScan, shipmentEvents, shipments } from "~/server/db/schema";
import { sendMail } from "~/server/mail.server";
import { log } from "~/server/log/logger";
import { shopIdentity } from "~/server/shop-identity.server";
import { logOrder } from "~/features/orders/order-log.server";
import { loadOrderRow, moveOrderForShipment } from "~/features/orders/order-records.server";
import { readSection } from "~/features/settings/settings-store.server";
import { settleQuotedCharges } from "./courier-charges.server";
import { type DispatchHolds, leftWithHolds } from "./dispatch-rule";
import { shippingProviderFor } from "./providers/index.server";
import type { ShipmentStatus, ShippingProvider, TrackingSnapshot } from "./providers/provider";
import { shippingSection } from "./shipping-settings";
import { alertOwner, ownerParcelNews, parcelFacts } from "./parcel-alerts.server";
import { parcelWhatsapp, shopperParcelMail } from "./shipment-mail";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";

const RANK: Record<ShipmentStatus, number> = {
  booking: 0,
  booked: 1,
  picked_up: 2,
  in_transit: 3,
  out_for_delivery: 4,
  delivered: 5,
  rto: 6,
  lost: 6,
  cancelled: 6,
};

/** Whether news of `next` moves a parcel that is at `current`: forward only; the end states stay. */
export function movesOn(current: ShipmentStatus, next: ShipmentStatus): boolean {
  if (current === "delivered" || current === "lost" || current === "cancelled") return false;
  if (current === "rto") return false;
  return RANK[next] > RANK[current];
}

function mergeScans(known: ShipmentScan[], incoming: ShipmentScan[]): ShipmentScan[] {
  const seen = new Map(known.map((s) => [`${s.at}|${s.activity}|${s.location}`, s]));
  for (const s of incoming) seen.set(`${s.at}|${s.activity}|${s.location}`, s);
  return [...seen.values()].sort((a, b) => a.at.localeCompare(b.at));
}

export type TrackingOutcome = "unknown" | "duplicate" | "recorded" | "moved";

export interface TrackingOptions {
  now?: Date;
  /** The shipment the news is for (the owner's marks); else found by the AWB. */
  shipmentId?: string;
  /** Written in the same transaction when the event is new (the owner's audit row). */
  alsoRecord?: (tx: Tx) => Promise<void>;
}

/**
 * Applies one snapshot of a parcel's news, in one transaction. A pickup is what already happened:
 * it is recorded even while the dispatch rule holds the order, and the holds it broke go on the
 * order's log (dispatch-rule.ts).
 */
export async function applyTracking(
  db: Db,
  snapshot: TrackingSnapshot,
  source: "webhook" | "recheck" | "owner",
  holds: DispatchHolds,
  { now = new Date(), shipmentId, alsoRecord }: TrackingOptions = {},
): Promise<TrackingOutcome> {
  return db.transaction(async (tx) => {
    const [shipment] =
      shipmentId || snapshot.awb
        ? await tx
            .select()
            .from(shipments)
            .where(
              shipmentId
                ? eq(shipments.id, shipmentId)
                : and(eq(shipments.provider, "shiprocket"), eq(shipments.awb, snapshot.awb)),
            )
            .for("update")
        : [];
    // Every event is kept, once (its key), even for an AWB no shipment has (decision 0185).
    const eventId = createHash("sha256").update(snapshot.eventKey).digest("hex").slice(0, 40);
    const [stored] = await tx
      .insert(shipmentEvents)
      .values({
        id: eventId,
        shipmentId: shipment?.id ?? null,
        source,
        awb: snapshot.awb,
        code: snapshot.statusCode,
        status: snapshot.status ?? "",
        alert: snapshot.alert ?? "",
        providerStatus: snapshot.providerStatus,
        at: snapshot.at,
        body: (snapshot.raw ?? {}) as object,
      })
      .onConflictDoNothing()
      .returning({ id: shipmentEvents.id });
    if (!shipment) return stored ? "unknown" : "duplicate";
    if (!stored) {
      await tx.update(shipments).set({ lastNewsAt: now }).where(eq(shipments.id, shipment.id));
      return "duplicate";
    }
    if (alsoRecord) await alsoRecord(tx);
    const current = shipment.status as ShipmentStatus;
    const next = snapshot.status;
    const moves = next !== null && movesOn(current, next);
    const reached = (s: ShipmentStatus) =>
      next !== null &&
      RANK[next] >= RANK[s] &&
      next !== "rto" &&
      next !== "lost" &&
      next !== "cancelled";
    await tx
      .update(shipments)
      .set({
        scans: mergeScans(shipment.scans, snapshot.scans),
        lastNewsAt: now,
        updatedAt: now,
        ...(snapshot.etd ? { etd: snapshot.etd } : {}),
        ...(shipment.trackingUrl || !snapshot.trackingUrl
          ? {}
          : { trackingUrl: snapshot.trackingUrl }),
        ...(snapshot.alert ? { attention: snapshot.alert, attentionAt: now } : {}),
        ...(moves
          ? {
              status: next,
              providerStatus: snapshot.providerStatus,
              ...(reached("picked_up") && !shipment.pickedUpAt ? { pickedUpAt: snapshot.at } : {}),
              ...(next === "delivered" ? { deliveredAt: snapshot.at } : {}),
            }
          : {}),
      })
      .where(eq(shipments.id, shipment.id));
    if (snapshot.alert) await alertOwner(tx, shipment, snapshot, moves);
    if (!moves) return "recorded";
    await orderNews(tx, shipment, { ...snapshot, status: next }, holds);
    return "moved";
  });
}

async function orderNews(
  tx: Tx,
  shipment: typeof shipments.$inferSelect,
  snapshot: TrackingSnapshot & { status: ShipmentStatus },
  holds: DispatchHolds,
): Promise<void> {
  const order = await loadOrderRow(tx, shipment.orderId);
  if (!order) return;
  const facts = parcelFacts(order, shipment, snapshot);
  const shopper = (order.shippingName.email || order.billingName.email).trim();
  const shop = await shopIdentity(tx);
  if (snapshot.status === "rto" || snapshot.status === "lost") {
    await ownerParcelNews(tx, order.id, shipment, snapshot, snapshot.status, facts);
    return;
  }
  if (RANK[snapshot.status] >= RANK.picked_up) {
    const moved = await moveOrderForShipment(
      tx,
      order.id,
      "shipped",
      shipment.pickedUpAt ?? snapshot.at,
      shipment.awb,
    );
    const broke = moved ? leftWithHolds(await holds(tx, order.id), shipment.awb) : null;
    if (broke) await logOrder(tx, order.id, "shipment", broke, { shipmentId: shipment.id });
    if (moved && shopper && snapshot.status !== "delivered") {
      await sendMail(tx, shopperParcelMail("shipped", shopper, facts, shop));
      await enqueueWhatsapp(tx, parcelWhatsapp("shipped", shopper, facts, shop));
    }
  }
  if (snapshot.status === "delivered") {
    const open = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        and(
          eq(shipments.orderId, order.id),
          sql`${shipments.status} not in ('delivered', 'cancelled')`,
          sql`${shipments.id} <> ${shipment.id}`,
        ),
      );
    if (open.length) return;
    const moved = await moveOrderForShipment(tx, order.id, "delivered", snapshot.at, shipment.awb);
    if (moved && shopper) {
      await sendMail(tx, shopperParcelMail("delivered", shopper, facts, shop));
      await enqueueWhatsapp(tx, parcelWhatsapp("delivered", shopper, facts, shop));
    }
  }
}

const QUIET_MS = 24 * 3600_000;
const MOVING = ["booked", "picked_up", "in_transit", "out_for_delivery"];

/**
 * The re-check (decision 0107): parcels on their way that the provider has not mentioned for a day
 * are asked about, a few at a time, the longest quiet first; an answer counts as news, so each is
 * asked at most daily. A call that fails is no answer: it is logged, the other parcels are still
 * asked, and that parcel is asked again at the next re-check.
 */
export async function recheckQuietShipments(
  db: Db,
  provider: ShippingProvider,
  holds: DispatchHolds,
  now = new Date(),
  limit = 20,
): Promise<number> {
  const since = new Date(now.getTime() - QUIET_MS);
  const due = await db
    .select({ id: shipments.id, awb: shipments.awb })
    .from(shipments)
    .where(
      and(
        eq(shipments.provider, provider.name),
        inArray(shipments.status, MOVING),
        sql`${shipments.awb} <> ''`,
        or(
          and(isNull(shipments.lastNewsAt), lt(shipments.createdAt, since)),
          lt(shipments.lastNewsAt, since),
        ),
      ),
    )
    .orderBy(sql`coalesce(${shipments.lastNewsAt}, ${shipments.createdAt})`)
    .limit(limit);
  let asked = 0;
  for (const parcel of due) {
    asked++;
    let snapshot: TrackingSnapshot | null;
    try {
      snapshot = await provider.track(parcel.awb);
    } catch (error) {
      const sentence = error instanceof Error ? error.message : String(error);
      log.warn(`[shipping] re-check of parcel ${parcel.awb} failed: ${sentence}`);
      continue;
    }
    if (snapshot)
      await applyTracking(db, snapshot, "recheck", holds, { now, shipmentId: parcel.id });
    else await db.update(shipments).set({ lastNewsAt: now }).where(eq(shipments.id, parcel.id));
  }
  return asked;
}

/** The background jobs' step (checkout/background-jobs.server.ts): asks at most hourly per process. */
let lastRecheck = 0;
export async function recheckShipmentsIfDue(
  db: Db,
  holds: DispatchHolds,
  now = Date.now(),
): Promise<void> {
  if (now - lastRecheck < 3600_000) return;
  lastRecheck = now;
  const { value } = await readSection(db, shippingSection);
  if (value.provider !== "shiprocket") return;
  const provider = shippingProviderFor(value);
  await recheckQuietShipments(db, provider, holds);
  await settleQuotedCharges(db, provider);
}
