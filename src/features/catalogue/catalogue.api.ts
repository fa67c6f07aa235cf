/**
 * Handlers of the public catalogue API (SPEC §7 "Catalogue and home"). The files under
 * src/pages/v2/ only wire these into `methods()`, so integration tests call them directly.
 */
import type { APIContext } from "astro";
import { getDb } from "../../server/db/client";
import { HttpError, json, parseWith, readQuery } from "../../server/http";
import { isAdmin } from "../../lib/roles";
import { peekAuthUser, requireAdmin, type AuthUser } from "../../server/auth/auth.server";
import { productIdParam, productListQuery } from "./catalogue.schema";
import { getProduct, listCategories, listHomeProducts, listProducts } from "./catalogue.server";

/** Anonymous answers may be shared by caches for a minute; anything tied to a caller may not. */
const PUBLIC_CACHE = { "cache-control": "public, max-age=60", vary: "authorization" };
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
  const admin = isAdmin(user);
  const db = await getDb();
  const list = await listProducts(db, {
    limit: query.limit,
    offset: query.offset,
    status: query.status,
    category: query.category,
    q: query.q,
    includeCost: admin,
  });
  return json(list, { headers: user ? PRIVATE_CACHE : PUBLIC_CACHE });
}

/** GET /v2/products/{id}: 404 when absent, or inactive and the caller is not an admin. */
export async function getProductHandler(context: APIContext): Promise<Response> {
  const id = parseWith(productIdParam, context.params.id);
  const user = await caller(context);
  const admin = isAdmin(user);
  const db = await getDb();
  const product = await getProduct(db, id, { includeInactive: admin, includeCost: admin });
  if (!product) throw new HttpError(404, "Product not found");
  return json(product, { headers: user ? PRIVATE_CACHE : PUBLIC_CACHE });
}

/** GET /v2/home-products: [{ id, name, images }] of active listed products, by position. */
export async function getHomeProductsHandler(_context: APIContext): Promise<Response> {
  const db = await getDb();
  return json(await listHomeProducts(db), { headers: PUBLIC_CACHE });
}

/** GET /v2/categories: [{ id, slug, name, img }] of categories shown on the site (show = 1). */
export async function getCategoriesHandler(_context: APIContext): Promise<Response> {
  const db = await getDb();
  const list = await listCategories(db, { shownOnly: true });
  return json(
    list.map((c) => ({ id: c.id, slug: c.slug, name: c.name, img: c.img })),
    { headers: PUBLIC_CACHE },
  );
}
