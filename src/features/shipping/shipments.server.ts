/**
 * Shipments from the portal (docs/shipping.md, decision 0105): the owner's form stores a shipment
 * first, then books it step by step with the provider (create, AWB, label, pickup), storing each
 * answer as it comes. Shiprocket's create is not idempotent, so a retry looks the shipment up by
 * its id before creating, and a booking is claimed (one at a time per shipment): double clicks and
 * retries never make two provider shipments for one record.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { shipments } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import {
  loadOrderRow,
  lockOrderRow,
  orderParcelLines,
} from "~/features/orders/order-records.server";
import { settleCharge, totalCourierCost } from "./courier-charges.server";
import { pickCourier } from "./courier-choice";
import { type DispatchHolds, refuseWhileHeld } from "./dispatch-rule";
import type { ShippingProvider } from "./providers/provider";
import { ShippingProviderError } from "./providers/provider";
import type { CreateShipmentBody } from "./shipments.schema";
import type { ShippingSettings } from "./shipping-settings";

export type ShipmentRow = typeof shipments.$inferSelect;
const CLAIM_MS = 60_000;
const SHIPPABLE = ["processing", "shipped", "delivered"];

export async function listShipments(db: Db | Tx, orderId: string): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.createdAt));
}

/**
 * Stores the owner's shipment (once per form key); manual ones are booked there and then. Refused
 * (409, nothing stored) while the dispatch rule holds the order (dispatch-rule.ts).
 */
export async function createShipment(
  db: Db,
  orderId: string,
  body: CreateShipmentBody,
  settings: ShippingSettings,
  actor: AuditActor,
  holds: DispatchHolds,
): Promise<{ shipment: ShipmentRow; fresh: boolean }> {
  const manual = settings.provider === "manual";
  if (manual && (!body.courierName || !body.awb))
    throw new HttpError(
      400,
      "With manual shipping, enter the courier's name and the AWB you were given.",
    );
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const [existing] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), eq(shipments.clientKey, body.key)));
    if (existing) return { shipment: existing, fresh: false };
    if (!SHIPPABLE.includes(order.status))
      throw new HttpError(
        400,
        "Only a paid order can be shipped: this one is not paid yet, or was cancelled.",
      );
    await refuseWhileHeld(holds, tx, orderId);
    const id = `shp_${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
    const values = {
      id,
      orderId,
      provider: settings.provider,
      clientKey: body.key,
      weightGrams: body.weightGrams,
      lengthCm: body.lengthCm,
      breadthCm: body.breadthCm,
      heightCm: body.heightCm,
      courierChoice: body.courier ?? settings.courierChoice,
      ...(manual
        ? {
            status: "booked",
            courierName: body.courierName!,
            awb: body.awb!,
            trackingUrl: body.trackingUrl ?? "",
            costPaise: body.cost ?? 0,
            costSource: body.cost === undefined ? "" : "owner",
          }
        : {}),
    };
    const [shipment] = await tx.insert(shipments).values(values).returning();
    await recordAudit(tx, actor, {
      action: "shipment.create",
      entity: "order",
      entityId: orderId,
      after: { shipmentId: id, ...values, clientKey: undefined },
    });
    if (manual) await totalCourierCost(tx, orderId);
    return { shipment: shipment!, fresh: true };
  });
}

/** Takes the booking of a shipment, or null while another request holds it (or it is done). */
async function claim(db: Db, id: string, now: Date): Promise<ShipmentRow | null> {
  const [row] = await db
    .update(shipments)
    .set({
      bookingAttempts: sql`${shipments.bookingAttempts} + 1`,
      bookingClaimedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(shipments.id, id),
        eq(shipments.status, "booking"),
        or(
          isNull(shipments.bookingClaimedAt),
          lt(shipments.bookingClaimedAt, new Date(now.getTime() - CLAIM_MS)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

async function store(db: Db, id: string, fields: Partial<ShipmentRow>): Promise<void> {
  await db
    .update(shipments)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(shipments.id, id));
}

/**
 * Books a stored shipment with the provider, each step once: a step whose answer is already
 * stored is skipped, so a retry carries on where the last try stopped. Provider failures are kept
 * on the shipment (lastError) and answered 502 with the sentence. While the dispatch rule holds
 * the order, a booking is refused (409) before anything is written or asked.
 */
export async function bookShipment(
  db: Db,
  id: string,
  provider: ShippingProvider,
  settings: ShippingSettings,
  holds: DispatchHolds,
  now = new Date(),
): Promise<ShipmentRow> {
  const [before] = await db.select().from(shipments).where(eq(shipments.id, id));
  if (before?.status === "booking") await refuseWhileHeld(holds, db, before.orderId);
  const row = await claim(db, id, now);
  if (!row) {
    const [current] = await db.select().from(shipments).where(eq(shipments.id, id));
    if (!current) throw new HttpError(404, "Shipment not found");
    if (current.status === "booking")
      throw new HttpError(
        409,
        "This shipment is being booked in another window. Reload in a moment to see it.",
      );
    return current;
  }
  const s = { ...row };
  try {
    const order = await loadOrderRow(db, s.orderId);
    if (!order) throw new HttpError(404, "Order not found");
    if (!s.providerShipmentId) {
      const found = s.bookingAttempts > 1 ? await provider.findParcel(s.id) : null;
      const lines = await orderParcelLines(db, s.orderId);
      const parcel =
        found ??
        (await provider.createParcel({
          shipmentId: s.id,
          orderId: order.id,
          orderDate: order.paidAt ?? order.createdAt,
          pickupLocation: settings.pickup.location,
          to: {
            name: `${order.shippingName.firstName} ${order.shippingName.lastName}`.trim(),
            line1: order.shippingAddress.address1,
            line2: order.shippingAddress.address2,
            city: order.shippingAddress.city,
            state: order.shippingAddress.state,
            pin: order.shippingAddress.zipCode,
            phone: order.shippingName.phone,
            email: order.shippingName.email,
          },
          items: lines.map((l, i) => ({
            name: l.name,
            sku: `${order.id}-${i + 1}`,
            units: l.quantity,
            pricePaise: l.pricePaise,
          })),
          subTotalPaise: order.subtotalPaise,
          weightGrams: s.weightGrams,
          lengthCm: s.lengthCm,
          breadthCm: s.breadthCm,
          heightCm: s.heightCm,
        }));
      Object.assign(s, {
        providerOrderId: parcel.providerOrderId,
        providerShipmentId: parcel.providerShipmentId,
        awb: parcel.awb,
        courierName: parcel.courierName || s.courierName,
      });
      await store(db, s.id, {
        providerOrderId: s.providerOrderId,
        providerShipmentId: s.providerShipmentId,
        awb: s.awb,
        courierName: s.courierName,
      });
    }
    if (!s.awb) {
      const options = await provider.serviceability({
        pickupPin: settings.pickup.pin,
        deliveryPin: order.shippingAddress.zipCode,
        weightGrams: s.weightGrams,
      });
      const courier = pickCourier(options.couriers, s.courierChoice);
      if (!courier)
        throw new HttpError(
          400,
          "No courier takes this parcel to this PIN code: choose another courier, or ship it by hand.",
        );
      let assigned;
      try {
        assigned = await provider.assignAwb(s.providerShipmentId, courier.courierId);
      } catch (error) {
        const again = await provider.findParcel(s.id);
        if (!again?.awb) throw error;
        assigned = {
          awb: again.awb,
          courierId: courier.courierId,
          courierName: again.courierName,
          costPaise: 0,
        };
      }
      Object.assign(s, {
        awb: assigned.awb,
        courierId: assigned.courierId,
        courierName: assigned.courierName || courier.courierName,
        // The AWB answer has no charge: the quote, marked as one, until the courier's is known.
        costPaise: assigned.costPaise || courier.ratePaise,
        costSource: assigned.costPaise ? "courier" : "quote",
        trackingUrl: provider.trackingUrl(assigned.awb),
      });
      await db.transaction(async (tx) => {
        await tx
          .update(shipments)
          .set({
            awb: s.awb,
            courierId: s.courierId,
            courierName: s.courierName,
            costPaise: s.costPaise,
            costSource: s.costSource,
            trackingUrl: s.trackingUrl,
            updatedAt: new Date(),
          })
          .where(eq(shipments.id, s.id));
        await totalCourierCost(tx, s.orderId);
      });
    }
    if (!s.labelUrl) {
      s.labelUrl = await provider.label(s.providerShipmentId);
      await store(db, s.id, { labelUrl: s.labelUrl });
    }
    if (!s.pickupScheduledAt) {
      s.pickupScheduledAt = (await provider.pickup(s.providerShipmentId)) || "requested";
      await store(db, s.id, { pickupScheduledAt: s.pickupScheduledAt });
    }
    // After the pickup request, as Shiprocket's documentation orders the calls (decision 0186).
    if (!s.manifestUrl) {
      s.manifestUrl = await provider.manifest(s.providerShipmentId, s.providerOrderId);
      await store(db, s.id, { manifestUrl: s.manifestUrl });
    }
    const charged = s.costSource === "quote" ? await settleCharge(db, provider, s) : null;
    if (charged !== null) Object.assign(s, { costPaise: charged, costSource: "courier" });
    const done = {
      pickupScheduledAt: s.pickupScheduledAt,
      status: "booked",
      lastError: "",
      bookingClaimedAt: null,
      lastNewsAt: now,
    };
    await store(db, s.id, done);
    return { ...s, ...done };
  } catch (error) {
    const sentence =
      error instanceof HttpError || error instanceof ShippingProviderError
        ? error.message
        : "The shipment could not be booked.";
    await store(db, s.id, { lastError: sentence, bookingClaimedAt: null });
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, `${sentence} Nothing was booked twice; try again to carry on.`);
  }
}
