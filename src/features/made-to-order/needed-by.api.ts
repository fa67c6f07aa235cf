/**
 * Needed-by dates over HTTP (docs/decisions/0122-capacity-and-needed-by.md): the shopper's check of
 * their cart before paying, and the owner's list of orders with a needed-by date.
 */
import type { APIContext } from "astro";
import * as z from "zod/mini";
import { requireAdmin, requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, readJson } from "~/server/http";
import { loadSavedAddress } from "~/features/account/account.server";
import { lockedCheckoutLines } from "~/features/cart/cart-checkout.server";
import { neededByDate } from "./needed-by";
import { checkNeededBy, loadNeededByList, neededLines } from "./needed-by.server";

const checkBody = z.object({
  needed_by: neededByDate,
  address_id: z
    .string({ error: "choose a saved address" })
    .check(z.minLength(1, "choose a saved address"), z.maxLength(100)),
});

/** POST /v2/needed-by { needed_by, address_id } -> the verdict for the caller's cart. */
export async function postNeededByCheck(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const body = await readJson(context.request, checkBody, 4 * 1024);
  const db = await getDb();
  const verdict = await db.transaction(async (tx) => {
    const { lines } = await lockedCheckoutLines(tx, user.uid);
    if (lines.length === 0) throw new HttpError(400, "Your cart is empty: add a product first.");
    const address = await loadSavedAddress(tx, user.uid, body.address_id);
    if (!address) throw new HttpError(400, "address_id: no saved address of yours has this id.");
    return checkNeededBy(tx, {
      ...neededLines(lines),
      neededBy: body.needed_by,
      pin: address.zipCode,
    });
  });
  return json(verdict);
}

/** GET /v2/admin/needed-by -> the orders with a needed-by date, closest promise first. */
export async function getNeededByList(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await loadNeededByList(await getDb()));
}
