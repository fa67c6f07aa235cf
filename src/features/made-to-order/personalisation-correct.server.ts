/**
 * The shopper corrects a line's personalisation from /my-orders/{id} (docs/decisions/0231-
 * personalisation-lock.md): allowed until a proof of the order is approved (then it is locked)
 * and while the order is still being made; checked with the one schema against the product's
 * field list; a correction that would change the price is refused (it was paid). A correction
 * while a proof round awaits its answer closes that round as outdated (decision 0287): the studio is
 * told and sends a new round, and the outdated proof can no longer be approved. Server only.
 */
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { orderItems, orderProofs, orders } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import {
  addOnPrice,
  toPersonalised,
  toValues,
  type PersonalisationValues,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import { checkValues } from "~/features/personalisation/personalisation.schema";
import type { OrderJson } from "~/features/orders/orders";
import type { CorrectableLine } from "./PersonalisationCorrect";
import { mailProofOutdated } from "./proof-mail.server";
import { PROOF_TEXTS } from "./proofs";

export const LOCKED_AFTER_APPROVAL =
  "You approved the proof, so this piece's personalisation is locked. Please write to us if something is wrong.";
export const LOCKED_AFTER_DISPATCH =
  "This order is no longer being made, so its personalisation can no longer change.";

/** Order statuses in which the piece is still being made (a correction may still reach it). */
const OPEN = new Set(["pending", "processing"]);

export interface CorrectionResult {
  personalisation: PersonalisedValue[];
  /** True when a proof was sent (and not approved): the studio sends a new round. */
  newProofRound: boolean;
}

export async function correctPersonalisation(
  db: DbOrTx,
  orderId: string,
  itemId: string,
  values: PersonalisationValues,
): Promise<CorrectionResult> {
  return db.transaction(async (tx) => {
    // The order's row lock orders this write with a proof's answer on the same order.
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new HttpError(404, "Order not found");
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
    if (!item) throw new HttpError(404, "This piece is not in your order.");
    const proofs = await tx
      .select({ id: orderProofs.id, round: orderProofs.round, status: orderProofs.status })
      .from(orderProofs)
      .where(eq(orderProofs.orderId, orderId))
      .orderBy(asc(orderProofs.round));
    if (proofs.some((p) => p.status === "approved"))
      throw new HttpError(409, LOCKED_AFTER_APPROVAL);
    if (!OPEN.has(order.status)) throw new HttpError(409, LOCKED_AFTER_DISPATCH);
    const product = item.productId
      ? (await loadPricingProducts(tx, [item.productId])).get(item.productId)
      : undefined;
    const fields = product?.personalisation ?? [];
    if (fields.length === 0 || item.personalisation.length === 0)
      throw new HttpError(400, "This piece has no personalisation to correct.");
    const checked = checkValues(fields, values);
    if (!checked.ok) throw new HttpError(400, checked.message);
    if (addOnPrice(fields, checked.values) !== addOnPrice(fields, toValues(item.personalisation)))
      throw new HttpError(
        400,
        "This change would change the price you paid; please write to us instead.",
      );
    const personalisation = toPersonalised(fields, checked.values);
    await tx.update(orderItems).set({ personalisation }).where(eq(orderItems.id, itemId));
    const last = proofs.at(-1);
    if (last?.status === "awaiting") {
      // The sent proof shows the old values: closed, so it cannot be approved, and a new round opens.
      const now = new Date();
      const reply = PROOF_TEXTS.outdatedReply(item.productName);
      await tx
        .update(orderProofs)
        .set({ status: "changes", reply, repliedAt: now, outdatedAt: now })
        .where(eq(orderProofs.id, last.id));
      await mailProofOutdated(tx, orderId, last.round, reply);
    }
    return { personalisation, newProofRound: proofs.length > 0 };
  });
}

/** The lines of an order the shopper may still correct (none once locked), with today's fields. */
export async function loadCorrectable(
  db: DbOrTx,
  order: Pick<OrderJson, "id" | "status" | "items">,
): Promise<CorrectableLine[]> {
  const personalised = order.items.filter((i) => i.productId && i.personalisation?.length);
  if (personalised.length === 0 || !OPEN.has(order.status)) return [];
  const proofs = await db
    .select({ status: orderProofs.status })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, order.id));
  if (proofs.some((p) => p.status === "approved")) return [];
  const products = await loadPricingProducts(
    db,
    personalised.map((i) => i.productId!),
  );
  return personalised.flatMap((item) => {
    const fields = products.get(item.productId!)?.personalisation ?? [];
    return fields.length
      ? [
          {
            itemId: item.id,
            name: item.product.name,
            fields,
            personalisation: item.personalisation ?? [],
          },
        ]
      : [];
  });
}
