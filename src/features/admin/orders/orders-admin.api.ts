/**
 * Handlers of the owner's order calls (docs/product.md §7 Admin, decisions 0023 and 0032). Every one starts with
 * requireAdmin: 401 without a token, 403 for a shopper. Amounts are paise here; json()/readJson()
 * and wireToPaise speak rupees (decision 0003).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { auditActor } from "~/features/audit/audit.server";
import { getDb } from "~/server/db/client";
import {
  HttpError,
  isJsonContentType,
  json,
  parseJsonBody,
  parseWith,
  queryInt,
  readBodyText,
  readQuery,
} from "~/server/http";
import { idParam, rupeesText } from "~/lib/fields";
import { ORDER_STATUSES } from "~/features/orders/status";
import { isAdmin } from "~/lib/roles";
import { photoIdsOf, photosWithOriginals } from "~/features/personalisation/photo-access.server";
import { ADMIN_TARGETS } from "./orders-admin";
import {
  changeOrderStatus,
  listAllOrders,
  loadAdminOrder,
  orderCounts,
} from "./orders-admin.server";
import { statusChangeBody, type StatusChangeBody } from "./order-status.schema";
import { orderForRole } from "./redact-for-role";

/** "a, b or c" */
const oneOf = (values: readonly string[]) =>
  `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/** `min`/`max` in the query: rupees as typed, to paise (the one rupee parser). */
const rupees = (name: string) => z.optional(rupeesText(name));

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be ${oneOf(ORDER_STATUSES)}` }).optional(),
  q: z.string().max(200, { error: "q must be at most 200 characters" }).optional(),
  min: rupees("min"),
  max: rupees("max"),
  limit: queryInt("limit", { min: 0, max: 100_000, default: 0 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
  /** Decision 0046: newest (default) or dispatch (the closest promised dispatch date first). */
  sort: z.enum(["newest", "dispatch"], { error: "sort must be newest or dispatch" }).optional(),
  /** Decision 0046: late=true, only orders still processing after their promised dispatch date. */
  late: z.enum(["true", "false"], { error: "late must be true or false" }).optional(),
});

/** GET /v2/admin/allorders[?status=&q=&min=&max=&limit=&offset=]: newest first; no query, every order. */
export async function getAllOrders(context: APIContext): Promise<Response> {
  const { role } = await requireAdmin(context);
  const query = readQuery(context.url, orderListQuery);
  if (query.min !== undefined && query.max !== undefined && query.min > query.max)
    throw new HttpError(400, "min must not be above max");
  const list = await listAllOrders(await getDb(), query);
  return json(list.map((order) => orderForRole(order, role)));
}

/** GET /v2/admin/order/{id}: the order with its payment details; 404 when absent. */
export async function getAdminOrder(context: APIContext): Promise<Response> {
  const { role } = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const order = await loadAdminOrder(await getDb(), id);
  if (!order) throw new HttpError(404, "Order not found");
  // The originals kept for printing are the owner's alone (decision 0285).
  const photoOriginals = isAdmin({ role })
    ? await photosWithOriginals(
        await getDb(),
        order.items.flatMap((i) => photoIdsOf(i.personalisation ?? [])),
      )
    : [];
  return json({ ...orderForRole(order, role), photoOriginals });
}

const countsQuery = orderListQuery.pick({ q: true, min: true, max: true, late: true });

/**
 * GET /v2/admin/order-counts[?q=&min=&max=&late=]: { pending, processing, shipped, delivered,
 * cancelled } among the orders the filter keeps (every order without one).
 */
export async function getOrderCounts(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, countsQuery);
  if (query.min !== undefined && query.max !== undefined && query.min > query.max)
    throw new HttpError(400, "min must not be above max");
  return json(await orderCounts(await getDb(), query));
}

const statusQuery = z.object({
  status: z.enum(ADMIN_TARGETS, { error: `status must be ${oneOf(ADMIN_TARGETS)}` }),
});

/** The optional body: empty, or JSON `{ trackingNumber?, shippingCost? }` (rupees on the wire). */
async function readStatusBody(context: APIContext): Promise<StatusChangeBody> {
  const text = await readBodyText(context.request);
  if (!text.trim()) return {};
  if (!isJsonContentType(context.request.headers.get("content-type")))
    throw new HttpError(400, "Send the body as JSON (Content-Type: application/json).");
  return parseWith(statusChangeBody, parseJsonBody(text));
}

/** PUT /v2/admin/order/{id}?status=  (body `{ trackingNumber?, shippingCost? }` with shipped only) */
export async function putOrderStatus(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const { status } = readQuery(context.url, statusQuery);
  const body = await readStatusBody(context);
  if (
    status !== "shipped" &&
    (body.trackingNumber !== undefined || body.shippingCost !== undefined)
  ) {
    throw new HttpError(
      400,
      "trackingNumber and shippingCost can be given only when the order is shipped",
    );
  }
  return json(await changeOrderStatus(await getDb(), actor, id, { status, ...body }));
}
