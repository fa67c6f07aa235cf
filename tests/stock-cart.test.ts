/**
 * The cart and checkout against the shelf, on both engines (docs/decisions/0216-stock-modes-and-holds.md):
 * an add or a quantity change beyond what is left is a 400 with a sentence and writes nothing;
 * another shopper's unpaid order holds its piece; checkout refuses a line sold since it was added.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema, type Db } from "~/server/db/client";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, stockedProduct, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const cartsRoute = await import("~/pages/v2/carts");

const add = (token: string, productId: string, quantity = 1) =>
  call(cartsRoute.POST, "/v2/carts", { method: "POST", token, body: { productId, quantity } });
const setQuantity = (token: string, productId: string, quantity: number) =>
  call(cartsRoute.PATCH, `/v2/carts?prod_id=${encodeURIComponent(productId)}`, {
    method: "PATCH",
    token,
    body: { quantity },
  });

async function quantityIn(db: Db, uid: string, productId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, uid));
  const rows = await db
    .select()
    .from(schema.cartItems)
    .where(eq(schema.cartItems.cartId, user!.cartId));
  return rows.filter((r) => r.productId === productId).reduce((n, r) => n + r.quantity, 0);
}

describe.each(dbKinds)("the cart against the shelf on %s", (kind) => {
  const { t } = localShopKit(kind);

  it("a one-of-a-kind piece goes into a cart once; a second add is told why", async () => {
    const piece = await stockedProduct(t.db, 1);
    const other = await stockedProduct(t.db, 3, "in_stock");
    const a = await stockShopper(t.db, other.id);
    expect((await add(a.token, piece.id)).status).toBe(200);
    const again = await add(a.token, piece.id);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("Only 1 of this piece exists, and it is in your cart already.");
    expect(await quantityIn(t.db, a.uid, piece.id)).toBe(1);
    // Three on the shelf, one in the cart: raising to 4 is refused, to 3 allowed.
    const four = await setQuantity(a.token, other.id, 4);
    expect(four.status).toBe(400);
    expect(four.json.error).toBe("Only 3 of this piece are left; your cart can hold at most 3.");
    expect(await quantityIn(t.db, a.uid, other.id)).toBe(1);
    expect((await setQuantity(a.token, other.id, 3)).status).toBe(200);
    expect((await setQuantity(a.token, other.id, 5)).json.error).toBe(
      "Only 3 of this piece are left, and they are all in your cart already.",
    );
  });

  it("another shopper's unpaid order holds the piece: the add is refused, checkout too, nothing written", async () => {
    const piece = await stockedProduct(t.db, 1);
    const [a, b] = [await stockShopper(t.db, piece.id), await stockShopper(t.db, piece.id)];
    expect((await createOrder(a.token, 30)).status).toBe(200);
    const c = await stockShopper(t.db, (await stockedProduct(t.db, 2, "in_stock")).id);
    const refused = await add(c.token, piece.id);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("This piece has sold out; it cannot be added to your cart.");
    const before = await t.db.select().from(schema.orders);
    const checkout = await createOrder(b.token, 31);
    expect(checkout.status).toBe(400);
    expect(checkout.json.error).toBe(
      `${piece.name} has sold out since it was added to your cart; remove it to check out.`,
    );
    expect(await t.db.select().from(schema.orders)).toHaveLength(before.length);
    // B's drawer says the line became unavailable since it was added.
    const drawer = await call(cartsRoute.GET, "/v2/carts", { token: b.token });
    expect(drawer.json.items[0].stockNote).toBe("Sold out since you added it.");
    const own = await call(cartsRoute.GET, "/v2/carts", { token: a.token });
    expect(own.json.items[0].stockNote).toBeUndefined();
    // The shopper who holds it may still change their own cart's line.
    expect((await setQuantity(a.token, piece.id, 1)).status).toBe(200);
  });

  it("a made-to-order product has no limit", async () => {
    const a = await stockShopper(t.db, (await stockedProduct(t.db, 2, "in_stock")).id);
    const [row] = await t.db.select().from(schema.products).limit(1);
    const free = await add(a.token, row!.id, 7);
    expect(free.status).toBe(200);
  });
});
