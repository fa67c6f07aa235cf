/**
 * What a cart add and a checkout cost in statements, through their routes (docs/decisions/0280):
 * read once, write once, commit once where the guarantees allow. Each list is exact, so a change
 * that adds a statement fails here and has to say why. Speed itself is measured in bench/, never here.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { localShopKit, orderBody, postCreateOrder } from "./helpers/checkout";
import { countStatements } from "./helpers/count-statements";
import { dbKinds } from "./helpers/db";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed.
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const cartsRoute = await import("~/pages/v2/carts");

/**
 * The statements' verbs and first tables, e.g. "insert orders", "select products"; the limiter's
 * occasional clean-up of ended windows (2 % of hits, src/server/rate-limit.server.ts) is left out.
 */
const shapes = (statements: string[]) =>
  statements.map(shape).filter((s) => s !== "delete rate_limits");
const shape = (statement: string) => {
  const s = statement.replace(/^with \w+ as \(/i, "");
  const verb = s.split(/\s+/)[0]!.toLowerCase();
  const table = /(?:from|into|update)\s+"(\w+)"/i.exec(s)?.[1] ?? "?";
  return `${verb} ${table}`;
};

describe.each(dbKinds)("statements of a cart add and a checkout on %s", (kind) => {
  const k = localShopKit(kind);

  it("a cart add: the limiter's count, the caller's role, then lock, read, write", async () => {
    const { token } = await k.newShopper("count-add");
    const { result, statements } = await countStatements(k.t, () =>
      call(cartsRoute.POST, "/v2/carts", {
        method: "POST",
        token,
        body: { productId: k.shop.tagId, variant: {}, quantity: 1, productNote: "" },
      }),
    );
    expect(result.status).toBe(200);
    // The cart's lines, their products and the products' stock modes are one read (it was three,
    // and a fourth for the stock modes: seven statements in all).
    expect(shapes(statements)).toEqual([
      "insert rate_limits",
      "select users",
      "insert carts",
      "select products",
      "insert cart_items",
    ]);
  });

  it("a create-order: one transaction that reads once and writes the order in one statement", async () => {
    const { uid, token } = await k.newShopper("count-order");
    const { result, statements } = await countStatements(k.t, () =>
      postCreateOrder(token, orderBody({ idempotency_key: `count-${uid}` })),
    );
    expect(result.status).toBe(200);
    // Before: 17 statements (the key and a retried press looked up apart, two settings reads, the
    // order and its lines apart, three stock statements for a cart with nothing counted in stock).
    expect(shapes(statements)).toEqual([
      "select users",
      "insert rate_limits",
      // The transaction: the cart lock, the one read of lines, products and stock, the address, the
      // two settings sections, this attempt's earlier order (same key or same content), the order.
      "insert carts",
      "select products",
      "select addresses",
      "select shop_settings",
      "select orders",
      "insert orders",
      // After the provider order: its session stored, and the shopper's older open orders found.
      "update orders",
      "select orders",
    ]);
    const items = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, result.json.order_id as string));
    expect(items).toHaveLength(2);

    // The same press again answers the same order, writing nothing but the limiter's count.
    const again = await countStatements(k.t, () =>
      postCreateOrder(token, orderBody({ idempotency_key: `count-${uid}` })),
    );
    expect(again.result.json.order_id).toBe(result.json.order_id);
    expect(shapes(again.statements)).toEqual([
      "select users",
      "insert rate_limits",
      "insert carts",
      "select products",
      "select addresses",
      "select shop_settings",
      "select orders",
      "select stock_holds",
      "select orders",
    ]);
  });
});
