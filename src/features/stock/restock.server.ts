/**
 * A cancelled or refunded paid order's pieces back on the shelf (docs/decisions/0218): the owner
 * is asked, and the default is yes for a cancellation before dispatch, no after (a parcel that
 * went out is not on the shelf). Once per order: its sold holds are marked "restocked".
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { productStock, stockHolds, stockLevels } from "~/server/db/schema";
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import type { AuditActor } from "~/features/audit/audit.server";
import { writeLevel } from "./adjust.server";

/** Whether the pieces go back when the owner did not say: before dispatch, yes. */
export function restockByDefault(status: string): boolean {
  return status === "pending" || status === "processing";
}

/** Puts the order's sold pieces back, once; answers how many pieces went back. */
export async function restockOrder(
  db: Db,
  actor: AuditActor,
  orderId: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const sold = await tx
      .select()
      .from(stockHolds)
      .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, "sold")))
      .orderBy(asc(stockHolds.productId));
    let pieces = 0;
    for (const hold of sold) {
      if (hold.releasedBecause === "restocked") continue;
      await tx
        .select({ id: productStock.productId })
        .from(productStock)
        .where(eq(productStock.productId, hold.productId))
        .for("update");
      const [level] = await tx
        .select({ onHand: stockLevels.onHand })
        .from(stockLevels)
        .where(and(eq(stockLevels.productId, hold.productId), eq(stockLevels.combo, hold.combo)));
      const onHand = (level?.onHand ?? 0) + hold.quantity;
      const note = `Order ${orderId} cancelled or refunded`;
      await writeLevel(tx, actor, hold.productId, hold.combo, onHand, "returned", note, now);
      await tx
        .update(stockHolds)
        .set({ releasedBecause: "restocked" })
        .where(eq(stockHolds.id, hold.id));
      pieces += hold.quantity;
    }
    if (pieces > 0) await bumpCatalogueVersion(tx);
    return pieces;
  });
}
