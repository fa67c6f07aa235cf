/**
 * The cart suites' shop and callers: a frame with two variant groups, a tag, an inactive and another
 * product; a fresh emulator account per call of newUser(); the /v2/carts calls with its token; and
 * the cart's rows in the database. Call cartFixture(kind) inside the suite's describe: it registers
 * the hooks that make the database and the products.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { schema } from "~/server/db/client";
import { makeCategory, makeProduct, type InsertedProduct } from "~/server/seed/factories";
import type { TestAuth } from "./auth";
import { call } from "./call";
import { createTestDb, type dbKinds, type TestDb } from "./db";

type DbKind = (typeof dbKinds)[number];

const cartsRoute = await import("~/pages/v2/carts");
const clearRoute = await import("~/pages/v2/clear-cart");
const mergeRoute = await import("~/pages/v2/carts-merge");

export function cartFixture(kind: DbKind, auth: () => TestAuth) {
  const tokens = new Map<string, string>();
  /** Set by the suite's beforeAll. */
  const s = {} as {
    t: TestDb;
    /** Size: A5 +0 / A4 +300.00; Finish: Gloss +0 / Matte +50.00; base 1499.00. */
    frame: InsertedProduct;
    /** No variants, 499.00. */
    tag: InsertedProduct;
    inactive: InsertedProduct;
    /** Has its own Size option. */
    other: InsertedProduct;
    categoryId: string;
  };

  // Variant ids are `<product id>-v<n>` in the order given.
  const A5 = () => s.frame.variantIds[0]!;
  const A4 = () => s.frame.variantIds[1]!;
  const GLOSS = () => s.frame.variantIds[2]!;
  const MATTE = () => s.frame.variantIds[3]!;
  const choice = (size: string, finish: string) => ({ Size: { id: size }, Finish: { id: finish } });

  beforeAll(async () => {
    s.t = await createTestDb(kind);
    s.categoryId = (await makeCategory(s.t.db)).id;
    s.frame = await makeProduct(s.t.db, {
      name: "Ocean Wave Photo Frame",
      categoryId: s.categoryId,
      pricePaise: 149900,
      weightGrams: 800,
      images: [{ url: "/images/ocean-frame.webp" }, { url: "/images/ocean-frame-2.webp" }],
      variants: [
        { name: "Size", value: "A5 (6 x 8 in)", pricePaise: 0 },
        { name: "Size", value: "A4 (8 x 12 in)", pricePaise: 30000 },
        { name: "Finish", value: "Gloss", pricePaise: 0 },
        { name: "Finish", value: "Matte", pricePaise: 5000 },
      ],
    });
    s.tag = await makeProduct(s.t.db, {
      name: "Luggage Tag",
      categoryId: s.categoryId,
      pricePaise: 49900,
      weightGrams: 60,
    });
    s.inactive = await makeProduct(s.t.db, {
      name: "Retired Coaster",
      categoryId: s.categoryId,
      status: "inactive",
    });
    s.other = await makeProduct(s.t.db, {
      name: "Nameplate",
      categoryId: s.categoryId,
      variants: [{ name: "Size", value: "Small", pricePaise: 0 }],
    });
  });

  afterAll(async () => {
    await s.t.close();
  });

  /** A fresh account (with a users row) per test, so tests never see each other's carts. */
  async function newUser(): Promise<string> {
    const account = await auth().createUser();
    await s.t.db.insert(schema.users).values({ id: account.uid, email: account.email });
    tokens.set(account.uid, account.token);
    return account.uid;
  }

  const token = (uid: string) => tokens.get(uid)!;
  const get = (uid: string) => call(cartsRoute.GET, "/v2/carts", { token: token(uid) });
  const post = (uid: string, body: unknown) =>
    call(cartsRoute.POST, "/v2/carts", { method: "POST", token: token(uid), body });
  const remove = (uid: string, productId: string, body?: unknown) =>
    call(cartsRoute.DELETE, `/v2/carts?prod_id=${encodeURIComponent(productId)}`, {
      method: "DELETE",
      token: token(uid),
      body,
    });
  const clear = (uid: string) =>
    call(clearRoute.DELETE, "/v2/clear-cart", { method: "DELETE", token: token(uid) });
  const merge = (uid: string, body: unknown) =>
    call(mergeRoute.PUT, "/v2/carts-merge", { method: "PUT", token: token(uid), body });

  const rowsOf = async (uid: string) => {
    const [cart] = await s.t.db.select().from(schema.carts).where(eq(schema.carts.userId, uid));
    if (!cart) return [];
    // The server's order (oldest line first); without ORDER BY PostgreSQL may answer in any order.
    return s.t.db
      .select()
      .from(schema.cartItems)
      .where(eq(schema.cartItems.cartId, cart.id))
      .orderBy(asc(schema.cartItems.createdAt), asc(schema.cartItems.id));
  };

  const calls = { get, post, remove, clear, merge, rowsOf };
  return { s, A5, A4, GLOSS, MATTE, choice, newUser, token, ...calls };
}
