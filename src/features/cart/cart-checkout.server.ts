/**
 * The account cart as checkout and a paid order use it (docs/product.md §7 Cart calls): its lines
 * locked and priced for an order, emptied, or less exactly what an order bought
 * (docs/decisions/0058). Server only; the cart's own calls are in cart.server.ts.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { cartItems, orderItems } from "~/server/db/schema";
import type { NewOrderLine } from "~/features/orders/store-order.server";
import { ownsPhotos, photoIdsOf } from "~/features/personalisation/photo-access.server";
import { fullLineKey } from "./cart";
import { cartForWrite, lockCart } from "./cart-lines.server";
import { loadLines, tracksStock } from "./cart-read.server";

/** Checkout: a line of the caller's cart priced from the current catalogue, as an order stores it. */
export type CheckoutLine = NewOrderLine & { productId: string };

/**
 * Checkout: locks the user's cart for the rest of the transaction and answers its lines that can
 * still be bought, at current prices (no writes besides the lock), in two statements: the lock,
 * then one read that also says which products are counted in stock and whether the shopper's
 * unpaid orders hold stock (what the stock hold needs, docs/decisions/0280). Where transactions
 * run one at a time (PGlite) the transaction is the lock: the read alone (decision 0314).
 */
export async function lockedCheckoutLines(
  tx: Tx,
  uid: string,
): Promise<{
  lines: CheckoutLine[];
  stock: { tracked: Set<string>; userHolds: boolean };
  /** The shopper's open catalogue orders, newest first, when the read said (decision 0313). */
  openOrders: string[] | undefined;
}> {
  const cart = await cartForWrite(tx, uid);
  const { live: loaded, catalogue, userHolds, openOrders } = await loadLines(tx, cart, [], uid);
  const tracked = new Set([...catalogue.values()].filter(tracksStock).map((p) => p.id));
  // An order carries only photos its shopper owns (docs/decisions/0262): any other line is left out.
  const live = [];
  for (const line of loaded)
    if (await ownsPhotos(tx, uid, photoIdsOf(line.item.personalisation))) live.push(line);
  return {
    openOrders,
    stock: { tracked, userHolds },
    lines: live.map(({ row, item, product }) => ({
      productId: row.productId,
      name: product.name,
      image: product.image,
      weightGrams: product.weightGrams,
      processingDays: product.processingDays,
      variant: item.variant,
      quantity: row.quantity,
      pricePaise: item.pricePaise,
      productNote: row.note,
      personalisation: item.personalisation,
    })),
  };
}

/** Empties the user's cart inside the caller's transaction. */
export async function clearCartInTx(tx: Tx, uid: string): Promise<void> {
  const cartId = await lockCart(tx, uid);
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * Paid order: removes from the user's cart exactly what the order bought, inside the caller's
 * transaction. A cart line matching an order line (product, variant, personalisation, note) loses the ordered
 * quantity and goes when none is left; lines added after the order was made stay
 * (docs/decisions/0058). Answers how many lines are left in the cart.
 */
export async function removeOrderedLinesInTx(
  tx: Tx,
  uid: string,
  orderId: string,
): Promise<number> {
  const cartId = await lockCart(tx, uid);
  const bought = await tx
    .select({
      productId: orderItems.productId,
      variant: orderItems.variant,
      quantity: orderItems.quantity,
      note: orderItems.productNote,
      personalisation: orderItems.personalisation,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const rows = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  let left = rows.length;
  for (const line of bought) {
    const row = rows.find(
      (r) =>
        r.productId === line.productId &&
        r.variantKey === fullLineKey(line) &&
        r.note === line.note &&
        r.quantity > 0,
    );
    if (!row) continue;
    const quantity = row.quantity - line.quantity;
    row.quantity = Math.max(quantity, 0);
    if (quantity > 0) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, row.id));
    else {
      await tx.delete(cartItems).where(eq(cartItems.id, row.id));
      left--;
    }
  }
  return left;
}
