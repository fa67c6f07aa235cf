/**
 * "Download my data", the parts that hang off the person's orders (docs/decisions/0101-data-rights.md,
 * 0135-data-rights-reach-every-table.md): discount code uses, parcels with their tracking events,
 * proof rounds with the person's replies, the materials they sent, needed-by dates, studio stages,
 * refunds, review-request mails, damage claims (with links to their files) and the documents issued. Read through the owning feature's loader
 * where there is one, in the caller's read-only snapshot. Money is under the wire's money keys
 * (`discount`, `total`, `amount`), so json() turns it into rupees.
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import {
  discountCodes,
  discountUses,
  refunds,
  reviewRequests,
  shipmentEvents,
} from "~/server/db/schema";
import { orderDocuments } from "~/features/books/documents.server";
import { myMediaBase } from "~/features/claims/claims";
import { claimJson, claimOfOrder } from "~/features/claims/claims.server";
import { loadOrderStages } from "~/features/custom/stages.server";
import { loadOrderMaterials } from "~/features/made-to-order/materials.server";
import { loadNeededBy } from "~/features/made-to-order/needed-by.server";
import { loadOrderProofs } from "~/features/made-to-order/proofs.server";
import { listShipments } from "~/features/shipping/shipments.server";

/** Loads one section per order, keeping the orders that have something. */
async function perOrder<T>(
  ids: readonly string[],
  load: (id: string) => Promise<T | null>,
  keep: (value: T) => boolean = () => true,
): Promise<T[]> {
  const out: T[] = [];
  for (const id of ids) {
    const value = await load(id);
    if (value !== null && keep(value)) out.push(value);
  }
  return out;
}

async function shipmentsOf(tx: Tx, ids: readonly string[]) {
  const rows = (await perOrder(ids, (id) => listShipments(tx, id))).flat();
  const events = rows.length
    ? await tx
        .select({
          shipmentId: shipmentEvents.shipmentId,
          status: shipmentEvents.status,
          providerStatus: shipmentEvents.providerStatus,
          at: shipmentEvents.at,
          source: shipmentEvents.source,
        })
        .from(shipmentEvents)
        .where(
          inArray(
            shipmentEvents.shipmentId,
            rows.map((s) => s.id),
          ),
        )
        .orderBy(asc(shipmentEvents.at))
    : [];
  return rows.map((s) => ({
    orderId: s.orderId,
    courier: s.courierName,
    awb: s.awb,
    status: s.status,
    trackingUrl: s.trackingUrl,
    expectedDelivery: s.etd,
    pickedUpAt: s.pickedUpAt?.toISOString() ?? null,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    scans: s.scans,
    events: events
      .filter((e) => e.shipmentId === s.id)
      .map(({ shipmentId: _, at, ...e }) => ({ ...e, at: at.toISOString() })),
  }));
}

export async function orderSections(tx: Tx, uid: string, ids: readonly string[]) {
  const some = ids.length > 0;
  const discountUsesOf = await tx
    .select({
      orderId: discountUses.orderId,
      code: discountCodes.code,
      discount: discountUses.discountPaise,
      total: discountUses.orderTotalPaise,
      heldUntil: discountUses.heldUntil,
      usedAt: discountUses.usedAt,
    })
    .from(discountUses)
    .innerJoin(discountCodes, eq(discountCodes.id, discountUses.codeId))
    .where(or(eq(discountUses.userId, uid), some ? inArray(discountUses.orderId, ids) : undefined));
  return {
    discountUses: discountUsesOf,
    shipments: await shipmentsOf(tx, ids),
    proofs: await perOrder(
      ids,
      (id) => loadOrderProofs(tx, id),
      (p) => p.rounds.length > 0,
    ),
    materials: await perOrder(ids, (id) => loadOrderMaterials(tx, id)),
    neededBy: await perOrder(ids, async (id) => {
      const date = await loadNeededBy(tx, id);
      return date ? { orderId: id, neededBy: date } : null;
    }),
    studioStages: await perOrder(
      ids,
      (id) => loadOrderStages(tx, id),
      (s) => s.stageSet !== null,
    ),
    refunds: some
      ? await tx
          .select({
            orderId: refunds.orderId,
            amount: refunds.amountPaise,
            reason: refunds.reason,
            status: refunds.status,
            createdAt: refunds.createdAt,
            processedAt: refunds.processedAt,
          })
          .from(refunds)
          .where(inArray(refunds.orderId, ids))
      : [],
    reviewRequests: some
      ? await tx
          .select({ orderId: reviewRequests.orderId, sentAt: reviewRequests.sentAt })
          .from(reviewRequests)
          .where(inArray(reviewRequests.orderId, ids))
      : [],
    damageClaims: await perOrder(ids, async (id) => {
      const claim = await claimOfOrder(tx, id);
      return claim ? claimJson(tx, claim, myMediaBase(id)) : null;
    }),
    documents: (
      await perOrder(ids, async (id) =>
        (
          await orderDocuments(tx, id, `/my-orders/${encodeURIComponent(id)}/documents/`)
        ).map((d) => ({ orderId: id, ...d })),
      )
    ).flat(),
  };
}
