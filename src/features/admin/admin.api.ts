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
import { productIdParam, productListQuery } from "../catalogue/catalogue.schema";
import { changeOrderStatus, listAllOrders, orderCounts } from "./orders-admin.server";
import { productInput, type ProductInput } from "./product.schema";
import { createProduct, updateProduct } from "./product-write.server";
import { listAdminProducts, setProductStatus, toggleHomeProduct } from "./products-admin.server";

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
  /** newest (default) or dispatch: the closest promised dispatch date first (issue 12). */
  sort: z.enum(["newest", "dispatch"], { error: "sort must be newest or dispatch" }).optional(),
  /** late=true: only orders past their promised dispatch date and not shipped. */
  late: z.enum(["true", "false"], { error: "late must be true or false" }).optional(),
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

/** GET /v2/admin/allproducts?limit=0&offset=0&status=all */
export async function getAllProducts(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, productListQuery.pick({ limit: true, offset: true }).extend({
    status: z.enum(["active", "inactive", "all"], { error: "status must be active, inactive or all" }).default("all"),
  }));
  return json(await listAdminProducts(await getDb(), query));
}

/** PATCH /v2/products/{id}?status=active|inactive */
export async function patchProductStatus(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(productIdParam, context.params.id);
  const { status } = readQuery(context.url, z.object({ status: z.enum(["active", "inactive"], { error: "status must be active or inactive" }) }));
  return json(await setProductStatus(await getDb(), id, status));
}

/** PATCH /v2/home-products/{id} -> text "added" | "removed" */
export async function patchHomeProduct(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(productIdParam, context.params.id);
  const result = await toggleHomeProduct(await getDb(), id);
  return new Response(result, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** The product body, validated with the schema the admin form uses (zod/mini). */
async function readProduct(context: APIContext): Promise<ProductInput> {
  if (!isJsonContentType(context.request.headers.get("content-type"))) throw new HttpError(400, "Send the body as JSON (Content-Type: application/json).");
  const raw = parseJsonBody(await readBodyText(context.request, 256 * 1024));
  const result = productInput.safeParse(raw);
  if (!result.success) throw new HttpError(400, result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; "));
  return result.data;
}

/** POST /v2/products -> 201 the product */
export async function postProduct(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const input = await readProduct(context);
  return json(await createProduct(await getDb(), input), { status: 201 });
}

/** PUT /v2/products/{id} -> the product */
export async function putProduct(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(productIdParam, context.params.id);
  const input = await readProduct(context);
  return json(await updateProduct(await getDb(), id, input));
}
