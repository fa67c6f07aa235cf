/**
 * Handlers of the portal's product calls (docs/product.md §7 Admin): the list with costPrice, one product for
 * View and Edit, create, edit, the active switch and the homepage listing. Every one starts with
 * requireAdmin (401 without a token, 403 for a shopper) before it reads anything. Bodies are
 * validated whole with product.schema.ts, the schema the form uses. Amounts are paise here;
 * json()/readJson() speak rupees.
 */
import type { APIContext } from "astro";
import { z } from "zod/mini";
import { requireAdmin } from "~/server/auth/auth.server";
import { auditActor } from "~/features/audit/audit.server";
import { getDb } from "~/server/db/client";
import {
  HttpError,
  isJsonContentType,
  json,
  parseJsonBody,
  parseWith,
  readBodyText,
  readQuery,
} from "~/server/http";
import { idParam } from "~/lib/fields";
import { productListQuery } from "~/features/catalogue/catalogue.schema";
import { STOCK_FILTERS, type StockFilter } from "~/features/stock/stock";
import { productInput, type ProductInput } from "./product.schema";
import { createProduct, updateProduct } from "./product-write.server";
import {
  adminProductCounts,
  listAdminProducts,
  loadAdminProduct,
  setProductStatus,
  toggleHomeProduct,
} from "./products-admin.server";

/** A product body may carry up to 20 images with alt texts and 100 variants: more than the 64 KiB default. */
const PRODUCT_BODY_LIMIT = 256 * 1024;

const adminListQuery = z.extend(
  z.pick(productListQuery, { limit: true, offset: true, category: true, q: true }),
  {
    status: z._default(
      z.enum(["active", "inactive", "all"], { error: "status must be active, inactive or all" }),
      "all",
    ),
    stock: z._default(
      z.enum([...STOCK_FILTERS, "all"], {
        error: "choose in_stock, low, sold_out, made_to_order or all",
      }),
      "all",
    ),
  },
);

/** The stock filter as the list's queries take it: "all" is no filter. */
const stockFilter = (stock: StockFilter | "all") => (stock === "all" ? undefined : stock);

/**
 * GET /v2/admin/allproducts?limit=0&offset=0&status=all[&category={slug}&q=&stock=]: newest
 * first; the portal asks for one page at a time
 * (docs/decisions/0053-admin-lists-on-the-server.md). `stock` is in_stock, low, sold_out or
 * made_to_order (docs/decisions/0273-stock-filter-on-products.md).
 */
export async function getAllProducts(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { stock, ...query } = readQuery(context.url, adminListQuery);
  return json(await listAdminProducts(await getDb(), { ...query, stock: stockFilter(stock) }));
}

/** GET /v2/admin/product-counts[?category=&q=&stock=] -> { count, active, outOfStock } under the filter. */
export async function getProductCounts(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { stock, ...query } = readQuery(
    context.url,
    z.pick(adminListQuery, { category: true, q: true, stock: true }),
  );
  return json(await adminProductCounts(await getDb(), { ...query, stock: stockFilter(stock) }));
}

/** GET /v2/admin/product/{id}: one product, inactive too, with costPrice and onHome (404 when absent). */
export async function getAdminProduct(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const product = await loadAdminProduct(await getDb(), id);
  if (!product) throw new HttpError(404, "Product not found");
  return json(product);
}

/** PATCH /v2/products/{id}?status=active|inactive */
export async function patchProductStatus(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const { status } = readQuery(
    context.url,
    z.object({
      status: z.enum(["active", "inactive"], { error: "status must be active or inactive" }),
    }),
  );
  return json(await setProductStatus(await getDb(), actor, id, status));
}

/** PATCH /v2/home-products/{id} -> text "added" | "removed" */
export async function patchHomeProduct(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const result = await toggleHomeProduct(await getDb(), actor, id);
  return new Response(result, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/** The product body, validated whole with the schema the admin form uses (zod/mini). */
async function readProduct(context: APIContext): Promise<ProductInput> {
  if (!isJsonContentType(context.request.headers.get("content-type")))
    throw new HttpError(400, "Send the body as JSON (Content-Type: application/json).");
  const raw = parseJsonBody(await readBodyText(context.request, PRODUCT_BODY_LIMIT));
  const result = productInput.safeParse(raw);
  if (!result.success)
    throw new HttpError(
      400,
      result.error.issues
        .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
        .join("; "),
    );
  return result.data;
}

/** POST /v2/products -> 201 the product */
export async function postProduct(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const input = await readProduct(context);
  return json(await createProduct(await getDb(), actor, input), { status: 201 });
}

/** PUT /v2/products/{id} -> the product */
export async function putProduct(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readProduct(context);
  return json(await updateProduct(await getDb(), actor, id, input));
}
