/**
 * Handlers of the public catalogue API (docs/product.md §7 "Catalogue and home"). The files under
 * src/pages/v2/ only wire these into `methods()`, so integration tests call them directly.
 */
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, readQuery } from "~/server/http";
import { isAdmin } from "~/lib/roles";
import { peekAuthUser, requireAdmin, type AuthUser } from "~/server/auth/auth.server";
import { productListQuery } from "./catalogue.schema";
import { idParam } from "~/lib/fields";
import { getProduct, listProducts } from "./catalogue.server";
import { encodedResponse } from "~/server/encoded-body.server";
import {
  activeProductAnswer,
  activeProductsAnswer,
  categoriesAnswer,
  homeProductsAnswer,
} from "./catalogue-reads.server";

/**
 * Anonymous answers may be stored by any cache but are checked again every time (ETag, 304), so
 * nothing stale outlives a save by more than a second (docs/decisions/0040-catalogue-cache.md);
 * anything tied to a caller is not stored.
 */
export const PUBLIC_CACHE = { "cache-control": "public, no-cache", vary: "authorization" };
const PRIVATE_CACHE = { "cache-control": "private, no-store", vary: "authorization" };

/**
 * The caller of a public read, when a token was sent. A broken or expired token is ignored
 * here (the shopper still browses), and reading never writes (no user record is made); routes
 * that need an admin use requireAdmin instead.
 */
async function caller(context: APIContext): Promise<AuthUser | null> {
  if (!context.request.headers.has("authorization")) return null;
  try {
    return await peekAuthUser(context);
  } catch {
    return null;
  }
}

/** GET /v2/products?limit=0&offset=0&status=active[&category=slug][&q=text] */
export async function getProductsHandler(context: APIContext): Promise<Response> {
  const query = readQuery(context.url, productListQuery);
  // Inactive products are for administrators only: 401 without a token, 403 for a customer.
  const user = query.status === "active" ? await caller(context) : await requireAdmin(context);
  const db = await getDb();
  if (isAdmin(user) || query.status !== "active") {
    const list = await listProducts(db, { ...query, includeCost: isAdmin(user) });
    return json(list, { headers: PRIVATE_CACHE });
  }
  // The storefront's view, from memory: serialised and compressed once per catalogue version.
  const answer = await activeProductsAnswer(db, query);
  return encodedResponse(context.request, answer.value, {
    headers: user ? PRIVATE_CACHE : PUBLIC_CACHE,
  });
}

/** GET /v2/products/{id}: 404 when absent, or inactive and the caller is not an admin. */
export async function getProductHandler(context: APIContext): Promise<Response> {
  const id = parseWith(idParam(), context.params.id);
  const user = await caller(context);
  const db = await getDb();
  if (isAdmin(user)) {
    const product = await getProduct(db, id, { includeInactive: true, includeCost: true });
    if (!product) throw new HttpError(404, "Product not found");
    return json(product, { headers: PRIVATE_CACHE });
  }
  const answer = await activeProductAnswer(db, id);
  if (!answer.value) throw new HttpError(404, "Product not found");
  return encodedResponse(context.request, answer.value, {
    headers: user ? PRIVATE_CACHE : PUBLIC_CACHE,
  });
}

/** GET /v2/home-products: [{ id, name, images }] of active listed products, by position. */
export async function getHomeProductsHandler(context: APIContext): Promise<Response> {
  const answer = await homeProductsAnswer(await getDb());
  return encodedResponse(context.request, answer.value, { headers: PUBLIC_CACHE });
}

/** GET /v2/categories: [{ id, slug, name, img }] of categories shown on the site (show = 1). */
export async function getCategoriesHandler(context: APIContext): Promise<Response> {
  const answer = await categoriesAnswer(await getDb());
  return encodedResponse(context.request, answer.value, { headers: PUBLIC_CACHE });
}
