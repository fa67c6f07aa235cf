/**
 * GET /v2/orders (docs/product.md §7 Orders and payment): the caller's orders, newest first, in the docs/product.md §3
 * shape (OrderJson). Bearer token only; the uid comes from the verified token, so nobody can list
 * someone else's orders. Amounts leave as rupees through json() (src/lib/wire-money.ts).
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json } from "~/server/http";
import { loadOrdersOfUser } from "./orders.server";

/** GET /v2/orders */
export async function getMyOrders(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  return json(
    await loadOrdersOfUser(await getDb(), user.uid, user.emailVerified ? user.email : null),
  );
}
