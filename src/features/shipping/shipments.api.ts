/**
 * The owner's shipment calls (docs/shipping.md). Every one starts with requireAdmin and records
 * its change in the audit trail (decision 0081).
 *   GET  /v2/admin/order/{id}/shipments        -> ShipmentsAnswer
 *   POST /v2/admin/order/{id}/shipments        CreateShipmentBody -> 201 { shipment } (booked)
 *   POST /v2/admin/shipments/{id}/book         -> { shipment } (a retry carries on)
 *   POST /v2/admin/shipments/{id}/mark         { status } -> { shipment } (manual shipping)
 * The routes hand in the dispatch rule (`holds`, made-to-order's; dispatch-rule.ts).
 */
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { requireAdmin } from "~/server/auth/auth.server";
import { type Db, getDb } from "~/server/db/client";
import { shipments } from "~/server/db/schema";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { auditActor, recordAudit } from "~/features/audit/audit.server";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { readSection } from "~/features/settings/settings-store.server";
import { parcelGuess } from "./parcel-size.server";
import { shippingProviderFor } from "./providers/index.server";
import { type ShipmentStatus, ShippingProviderError } from "./providers/provider";
import { createShipmentBody, shipmentMarkBody } from "./shipments.schema";
import type { DispatchHolds } from "./dispatch-rule";
import { bookShipment, createShipment, listShipments, type ShipmentRow } from "./shipments.server";
import { type ShipmentJson, SHIPMENT_STATUS_LABELS, type ShipmentsAnswer } from "./shipping";
import { shippingSection } from "./shipping-settings";
import { applyTracking } from "./tracking.server";

export function shipmentJson(row: ShipmentRow): ShipmentJson {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    statusLabel: SHIPMENT_STATUS_LABELS[row.status] ?? row.status,
    providerStatus: row.providerStatus,
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    labelUrl: row.labelUrl,
    pickupScheduledAt: row.pickupScheduledAt,
    cost: row.costPaise,
    costIsQuote: row.costSource === "quote",
    manifestUrl: row.manifestUrl,
    attention: row.attention,
    etd: row.etd,
    weightGrams: row.weightGrams,
    lengthCm: row.lengthCm,
    breadthCm: row.breadthCm,
    heightCm: row.heightCm,
    lastError: row.lastError,
    scans: row.scans,
    createdAt: row.createdAt.toISOString(),
    pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

async function shipmentsAnswer(db: Db, orderId: string): Promise<ShipmentsAnswer> {
  const order = await loadOrderRow(db, orderId);
  if (!order) throw new HttpError(404, "Order not found");
  const { value: settings } = await readSection(db, shippingSection);
  const guess = await parcelGuess(db, orderId, settings);
  let couriers: ShipmentsAnswer["couriers"] = [];
  let couriersNote = "";
  if (settings.provider === "shiprocket") {
    try {
      const answer = await shippingProviderFor(settings).serviceability({
        pickupPin: settings.pickup.pin,
        deliveryPin: order.shippingAddress.zipCode,
        weightGrams: guess.weightGrams,
        signal: AbortSignal.timeout(10_000),
      });
      couriers = answer.couriers.map((c) => ({
        courierId: c.courierId,
        courierName: c.courierName,
        transitDays: c.transitDays,
        cost: c.ratePaise,
      }));
      if (!answer.deliverable)
        couriersNote = `No courier delivers to PIN code ${order.shippingAddress.zipCode}.`;
    } catch (error) {
      couriersNote =
        error instanceof ShippingProviderError ? error.message : "Shiprocket could not be asked.";
    }
  }
  return {
    provider: settings.provider,
    courierChoice: settings.courierChoice,
    shipments: (await listShipments(db, orderId)).map(shipmentJson),
    guess,
    couriers,
    couriersNote,
    courierCharges: { cost: order.courierCostPaise },
  };
}

export async function getShipments(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  return json(await shipmentsAnswer(await getDb(), id));
}

export async function postShipment(context: APIContext, holds: DispatchHolds): Promise<Response> {
  const owner = await requireAdmin(context);
  const actor = auditActor(context, owner);
  const id = parseWith(idParam(), context.params.id);
  const body = await readJson(context.request, createShipmentBody, 8 * 1024);
  const db = await getDb();
  const { value: settings } = await readSection(db, shippingSection);
  const { shipment, fresh } = await createShipment(db, id, body, settings, actor, holds);
  const booked =
    shipment.status === "booking"
      ? await bookShipment(db, shipment.id, shippingProviderFor(settings), settings, holds)
      : shipment;
  return json({ shipment: shipmentJson(booked) }, { status: fresh ? 201 : 200 });
}

async function ownedShipment(db: Db, id: string): Promise<ShipmentRow> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new HttpError(404, "Shipment not found");
  return row;
}

export async function postBook(context: APIContext, holds: DispatchHolds): Promise<Response> {
  const owner = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const db = await getDb();
  const row = await ownedShipment(db, id);
  const { value: settings } = await readSection(db, shippingSection);
  if (row.provider !== settings.provider)
    throw new HttpError(
      400,
      `This shipment was made with ${row.provider} shipping; switch back in Settings to book it.`,
    );
  await recordAudit(db, auditActor(context, owner), {
    action: "shipment.book",
    entity: "order",
    entityId: row.orderId,
    after: { shipmentId: id },
  });
  return json({
    shipment: shipmentJson(
      await bookShipment(db, id, shippingProviderFor(settings), settings, holds),
    ),
  });
}

/** Manual shipping: the owner says the parcel was picked up, delivered, returned or lost. */
export async function postMark(context: APIContext, holds: DispatchHolds): Promise<Response> {
  const owner = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const body = await readJson(context.request, shipmentMarkBody, 1024);
  const db = await getDb();
  const row = await ownedShipment(db, id);
  if (row.provider !== "manual")
    throw new HttpError(
      400,
      "Shiprocket reports this parcel's news itself; it cannot be marked by hand.",
    );
  const at = new Date();
  const status = body.status as ShipmentStatus;
  await applyTracking(
    db,
    {
      awb: row.awb,
      status,
      alert: null,
      providerStatus: SHIPMENT_STATUS_LABELS[status] ?? status,
      statusCode: status,
      eventKey: `${row.id}:${status}`,
      at,
      etd: "",
      scans: [
        {
          at: at.toISOString(),
          activity: SHIPMENT_STATUS_LABELS[status] ?? status,
          location: "",
          status,
        },
      ],
      trackingUrl: row.trackingUrl,
      courierName: row.courierName,
      raw: { markedBy: owner.uid, status },
    },
    "owner",
    holds,
    {
      now: at,
      shipmentId: row.id,
      alsoRecord: (tx) =>
        recordAudit(tx, auditActor(context, owner), {
          action: "shipment.mark",
          entity: "order",
          entityId: row.orderId,
          before: { status: row.status },
          after: { shipmentId: id, status },
        }),
    },
  );
  return json({ shipment: shipmentJson(await ownedShipment(db, id)) });
}
