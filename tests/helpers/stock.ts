/** Shared steps of the stock suites: a ready-made product with a count, shoppers whose cart holds it. */
import { eq } from "drizzle-orm";
import { schema, type Db } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { call } from "./call";
import { ADDRESS, orderBody } from "./fixtures";

const createRoute = await import("~/pages/create-order");

export async function stockedProduct(
  db: Db,
  onHand: number,
  mode: "in_stock" | "one_of_a_kind" = onHand === 1 ? "one_of_a_kind" : "in_stock",
): Promise<{ id: string; name: string; pricePaise: number }> {
  const name = `Wall Panel ${onHand}`;
  const product = await makeProduct(db, { name, pricePaise: 250_000 });
  await db.insert(schema.productStock).values({ productId: product.id, mode, lowStockAt: 1 });
  await db.insert(schema.stockLevels).values({ productId: product.id, combo: "", onHand });
  return { id: product.id, name, pricePaise: 250_000 };
}

let n = 0;

/** A shopper with an address and a cart of `quantity` of the product. */
export async function stockShopper(db: Db, productId: string, quantity = 1, prefix = "stock") {
  const uid = `${prefix}-${++n}-${Date.now().toString(36)}`;
  await db
    .insert(schema.users)
    .values({ id: uid, email: `${uid}@example.com`, firstName: "Asha", lastName: "Verma" });
  await db.insert(schema.addresses).values({ userId: uid, id: "addr-1", ...ADDRESS });
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, uid));
  await db.insert(schema.carts).values({ id: user!.cartId, userId: uid }).onConflictDoNothing();
  await db.insert(schema.cartItems).values({
    id: `sline-${uid}`,
    cartId: user!.cartId,
    productId,
    quantity,
    pricePaise: 250_000,
  });
  return { uid, token: `test:${uid}` };
}

export function createOrder(token: string, i = 0, extra: Record<string, unknown> = {}) {
  return call(createRoute.POST, "/create-order", {
    method: "POST",
    token,
    body: orderBody(extra),
    clientAddress: `10.9.${Math.floor(i / 200)}.${i % 250}`,
  });
}

/** The product's count on the shelf and its holds by state. */
export async function stockOf(db: Db, productId: string) {
  const [level] = await db
    .select()
    .from(schema.stockLevels)
    .where(eq(schema.stockLevels.productId, productId));
  const holds = await db
    .select()
    .from(schema.stockHolds)
    .where(eq(schema.stockHolds.productId, productId));
  const count = (state: string) => holds.filter((h) => h.state === state).length;
  return {
    onHand: level!.onHand,
    held: count("held"),
    sold: count("sold"),
    released: count("released"),
    holds,
  };
}

/** Time passes: the order's payment window (and its hold) ends. */
export async function lapse(db: Db, orderId: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  await db.update(schema.orders).set({ expiresAt: past }).where(eq(schema.orders.id, orderId));
  await db
    .update(schema.stockHolds)
    .set({ expiresAt: past })
    .where(eq(schema.stockHolds.orderId, orderId));
}
