/**
 * HTTP handlers of the customer's materials (docs/decisions/0123-customer-materials.md). Owner
 * endpoints start with requireAdmin and audit their change; the customer writes on their own order
 * (someone else's is a 404); the quote link's write is custom work's (custom.api.ts).
 */
import type { APIContext } from "astro";
import { requireAdmin, requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { auditActor } from "~/features/audit/audit.server";
import { loadOrder } from "~/features/orders/orders.server";
import { MATERIALS_TEXTS } from "./materials";
import { materialsReceivedInput, materialsSentInput } from "./materials.schema";
import {
  loadOrderMaterials,
  loadOverdueParcels,
  markMaterialsReceived,
  recordMaterialsSent,
} from "./materials.server";

const BODY_CAP = 32 * 1024;

/** GET /v2/admin/order/{id}/materials (404 when the order waits for no parcel) */
export async function getOrderMaterials(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const materials = await loadOrderMaterials(await getDb(), id);
  if (!materials) throw new HttpError(404, MATERIALS_TEXTS.notExpected);
  return json(materials);
}

/** POST /v2/admin/order/{id}/materials { note?, photos? }: the parcel received */
export async function postMaterialsReceived(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, materialsReceivedInput, BODY_CAP);
  return json(await markMaterialsReceived(await getDb(), auditActor(context, user), id, input));
}

/** GET /v2/admin/materials/overdue */
export async function getOverdueParcels(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await loadOverdueParcels(await getDb()));
}

/** POST /v2/orders/{id}/materials { courier, tracking }: on the customer's own order */
export async function postMyMaterialsSent(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, materialsSentInput, BODY_CAP);
  const db = await getDb();
  const mine = await loadOrder(db, id, user.uid, user.emailVerified ? user.email : null);
  if (!mine) throw new HttpError(404, "Order not found");
  return json(await recordMaterialsSent(db, id, input));
}
