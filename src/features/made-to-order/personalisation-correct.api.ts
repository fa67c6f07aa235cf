/** PUT /v2/orders/{id}/personalisation: the shopper's correction of a line (decision 0231). */
import type { APIContext } from "astro";
import * as z from "zod/mini";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { loadOrder } from "~/features/orders/orders.server";
import { personalisationInput } from "~/features/cart/cart.schema";
import { correctPersonalisation } from "./personalisation-correct.server";

const correctionInput = z.object({
  itemId: z
    .string({ error: "itemId is required" })
    .check(z.minLength(1, "itemId is required"), z.maxLength(120)),
  personalisation: personalisationInput,
});

/** Someone else's order (or none) is a 404, as every order call of the shopper's. */
export async function putMyPersonalisation(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, correctionInput, 32 * 1024);
  const db = await getDb();
  const mine = await loadOrder(db, id, user.uid, user.emailVerified ? user.email : null);
  if (!mine) throw new HttpError(404, "Order not found");
  return json(await correctPersonalisation(db, id, input.itemId, input.personalisation ?? {}));
}
