/**
 * Handlers of the owner's portal API (SPEC §7 Admin). Every one starts with requireAdmin: 401
 * without a token, 403 for a shopper. Amounts are paise here; json()/readJson() speak rupees.
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "../../server/auth/auth.server";
import { getDb } from "../../server/db/client";
import { HttpError, isJsonContentType, json, parseJsonBody, parseWith, queryInt, readBodyText, readQuery } from "../../server/http";
import { wireToPaise, WireMoneyError } from "../../lib/wire-money";
import { loadOrder } from "../orders/orders.server";
import { changeOrderStatus, listAllOrders, orderCounts } from "./orders-admin.server";

const rupees = (name: string) =>
  z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: `${name} must be an amount in rupees, such as 499 or 499.50` })
    .transform((value) => Math.round(Number(value) * 100))
    .optional();

const orderListQuery = z.object({
  status: z.enum(["pending", "processing", "shipped", "delivered", "cancelled"], { error: "status must be pending, processing, shipped, delivered or cancelled" }).optional(),
  q: z.string().max(200, { error: "q must be at most 200 characters" }).optional(),
  min: rupees("min"),
  max: rupees("max"),
  limit: queryInt("limit", { min: 0, max: 100_000, default: 0 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
});

const orderIdParam = z.string({ error: "id is required" }).trim().min(1, { error: "id is required" }).max(120, { error: "id must be at most 120 characters" });

/** GET /v2/admin/allorders[?status=&q=&min=&max=&limit=&offset=] */
export async function getAllOrders(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, orderListQuery);
  return json(await listAllOrders(await getDb(), query));
}

/** GET /v2/admin/order/{id} */
export async function getAdminOrder(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(orderIdParam, context.params.id);
  const order = await loadOrder(await getDb(), id);
  if (!order) throw new HttpError(404, "Order not found");
  return json(order);
}

/** GET /v2/admin/order-counts */
export async function getOrderCounts(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await orderCounts(await getDb()));
}

const statusQuery = z.object({
  status: z.enum(["processing", "shipped", "delivered", "cancelled"], { error: "status must be processing, shipped, delivered or cancelled" }),
});
const shippedBody = z
  .object({
    trackingNumber: z.string().trim().max(120, { error: "trackingNumber must be at most 120 characters" }).optional(),
    shippingCost: z.number().int().min(0).optional(),
  })
  .strict();

/** PUT /v2/admin/order/{id}?status=  (optional JSON body { trackingNumber?, shippingCost? }) */
export async function putOrderStatus(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(orderIdParam, context.params.id);
  const { status } = readQuery(context.url, statusQuery);
  const text = await readBodyText(context.request);
  let body: z.infer<typeof shippedBody> = {};
  if (text.trim()) {
    if (!isJsonContentType(context.request.headers.get("content-type"))) throw new HttpError(400, "Send the body as JSON (Content-Type: application/json).");
    // shippingCost is rupees on the wire but not a wire-money key name: converted here, by field.
    const raw = parseJsonBody(text);
    if (raw && typeof raw === "object" && !Array.isArray(raw) && "shippingCost" in raw) {
      try {
        (raw as Record<string, unknown>).shippingCost = wireToPaise((raw as Record<string, unknown>).shippingCost, "shippingCost");
      } catch (error) {
        if (error instanceof WireMoneyError) throw new HttpError(400, error.message);
        throw error;
      }
    }
    body = parseWith(shippedBody, raw);
  }
  return json(await changeOrderStatus(await getDb(), id, { status, ...body }));
}
