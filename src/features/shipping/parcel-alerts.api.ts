/**
 * The owner's parcel news (decision 0185):
 *   GET  /v2/admin/shipments/alerts       -> { count }: parcels with news she has not marked seen
 *   POST /v2/admin/shipments/{id}/seen    -> { shipment }: she saw it (audited)
 * The count sits beside 'Orders' in the portal's navigation, as the new inquiries' does.
 */
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { shipments } from "~/server/db/schema";
import { HttpError, json, parseWith } from "~/server/http";
import { idParam } from "~/lib/fields";
import { auditActor, recordAudit } from "~/features/audit/audit.server";
import { countParcelAlerts, markParcelAlertSeen } from "./parcel-alerts.server";
import { shipmentJson } from "./shipments.api";

export async function getParcelAlerts(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json({ count: await countParcelAlerts(await getDb()) });
}

export async function postParcelSeen(context: APIContext): Promise<Response> {
  const owner = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shipments).where(eq(shipments.id, id)).for("update");
    if (!before) throw new HttpError(404, "Shipment not found");
    if (await markParcelAlertSeen(tx, id))
      await recordAudit(tx, auditActor(context, owner), {
        action: "shipment.seen",
        entity: "order",
        entityId: before.orderId,
        before: { shipmentId: id, attention: before.attention },
        after: { shipmentId: id, attention: "" },
      });
    const [after] = await tx.select().from(shipments).where(eq(shipments.id, id));
    return after!;
  });
  return json({ shipment: shipmentJson(row) });
}
