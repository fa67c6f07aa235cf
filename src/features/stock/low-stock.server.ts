/**
 * The owner's low-stock mail (docs/decisions/0218-stock-owner-tools.md): written to the outbox in
 * the transaction that lowered the count, once when the pieces on the shelf reach the product's
 * threshold; raising the count above it again arms the next mail.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { productStock, products, stockLevels } from "~/server/db/schema";
import { env } from "~/server/env";
import { ownerAddress, sendMail } from "~/server/mail.server";

export async function mailIfLow(tx: Tx, productId: string, now: Date): Promise<boolean> {
  const [stock] = await tx
    .select({
      mode: productStock.mode,
      lowStockAt: productStock.lowStockAt,
      lowMailedAt: productStock.lowMailedAt,
      name: products.name,
    })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(eq(productStock.productId, productId));
  if (!stock || stock.mode === "made_to_order") return false;
  const levels = await tx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(eq(stockLevels.productId, productId));
  const onHand = levels.reduce((sum, l) => sum + l.onHand, 0);
  const low = onHand <= stock.lowStockAt;
  if (!low) {
    if (stock.lowMailedAt)
      await tx
        .update(productStock)
        .set({ lowMailedAt: null })
        .where(eq(productStock.productId, productId));
    return false;
  }
  if (stock.lowMailedAt) return false;
  await tx
    .update(productStock)
    .set({ lowMailedAt: now })
    .where(eq(productStock.productId, productId));
  const link = new URL(`/admin/product/${productId}`, env().PUBLIC_SITE_URL).toString();
  await sendMail(tx, {
    to: ownerAddress(),
    subject:
      onHand === 0 ? `Sold out: ${stock.name}` : `Low stock: ${stock.name} has ${onHand} left`,
    text: `${stock.name} has ${onHand === 0 ? "no pieces" : `${onHand} ${onHand === 1 ? "piece" : "pieces"}`} left on the shelf (you asked to hear at ${stock.lowStockAt} or fewer).\n\nThe product: ${link}\n`,
  });
  return true;
}
