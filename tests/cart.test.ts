/**
 * The cart API (SPEC §7 Cart) against a real database: GET/POST/DELETE /v2/carts,
 * DELETE /v2/clear-cart and PUT /v2/carts-merge, called as the server would call them.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "../src/server/db/client";
import { makeCategory, makeProduct, type InsertedProduct } from "../src/server/seed/factories";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "../src/features/cart/cart";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { call } from "./helpers/call";
import { countStatements } from "./helpers/count-statements";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { addItemFor } from "../src/features/cart/cart.server";

// Callers are real accounts on a private Auth Emulator; the real auth module checks their tokens.
const EMULATOR_PORT = Number(process.env.TEST_EMULATOR_PORT_CART ?? 9279);
let auth: TestAuth;
const tokens = new Map<string, string>();

beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORT);
}, 120_000);

afterAll(async () => {
  await auth?.stop();
});

const cartsRoute = await import("../src/pages/v2/carts");
const clearRoute = await import("../src/pages/v2/clear-cart");
const mergeRoute = await import("../src/pages/v2/carts-merge");

describe.each(dbKinds)("cart API on %s", (kind) => {
  let t: TestDb;
  let frame: InsertedProduct; // Size: A5 +0 / A4 +300.00; Finish: Gloss +0 / Matte +50.00; base 1499.00
  let tag: InsertedProduct; // no variants, 499.00
  let inactive: InsertedProduct;
  let other: InsertedProduct; // has its own Size option
  let categoryId: string;

  // Variant ids are `<product id>-v<n>` in the order given.
  const A5 = () => frame.variantIds[0]!;
  const A4 = () => frame.variantIds[1]!;
  const GLOSS = () => frame.variantIds[2]!;
  const MATTE = () => frame.variantIds[3]!;
  const choice = (size: string, finish: string) => ({ Size: { id: size }, Finish: { id: finish } });

  beforeAll(async () => {
    t = await createTestDb(kind);
    categoryId = (await makeCategory(t.db)).id;
    frame = await makeProduct(t.db, {
      name: "Ocean Wave Photo Frame",
      categoryId,
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
    tag = await makeProduct(t.db, { name: "Luggage Tag", categoryId, pricePaise: 49900, weightGrams: 60 });
    inactive = await makeProduct(t.db, { name: "Retired Coaster", categoryId, status: "inactive" });
    other = await makeProduct(t.db, { name: "Nameplate", categoryId, variants: [{ name: "Size", value: "Small", pricePaise: 0 }] });
  });

  afterAll(async () => {
    await t.close();
  });

  /** A fresh account (with a users row) per test, so tests never see each other's carts. */
  async function newUser(): Promise<string> {
    const account = await auth.createUser();
    await t.db.insert(schema.users).values({ id: account.uid, email: account.email });
    tokens.set(account.uid, account.token);
    return account.uid;
  }

  const token = (uid: string) => tokens.get(uid)!;
  const get = (uid: string) => call(cartsRoute.GET, "/v2/carts", { token: token(uid) });
  const post = (uid: string, body: unknown) => call(cartsRoute.POST, "/v2/carts", { method: "POST", token: token(uid), body });
  const remove = (uid: string, productId: string, body?: unknown) =>
    call(cartsRoute.DELETE, `/v2/carts?prod_id=${encodeURIComponent(productId)}`, { method: "DELETE", token: token(uid), body });
  const clear = (uid: string) => call(clearRoute.DELETE, "/v2/clear-cart", { method: "DELETE", token: token(uid) });
  const merge = (uid: string, body: unknown) => call(mergeRoute.PUT, "/v2/carts-merge", { method: "PUT", token: token(uid), body });

  const rowsOf = async (uid: string) => {
    const [cart] = await t.db.select().from(schema.carts).where(eq(schema.carts.userId, uid));
    if (!cart) return [];
    // The server's order (oldest line first); without ORDER BY PostgreSQL may answer in any order.
    return t.db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cart.id)).orderBy(asc(schema.cartItems.createdAt), asc(schema.cartItems.id));
  };

  let alice: string;
  beforeEach(async () => {
    alice = await newUser();
  });

  it("needs a bearer token on every call", async () => {
    expect((await call(cartsRoute.GET, "/v2/carts")).status).toBe(401);
    expect((await call(cartsRoute.POST, "/v2/carts", { method: "POST", body: { productId: tag.id } })).status).toBe(401);
    expect((await call(cartsRoute.DELETE, `/v2/carts?prod_id=${tag.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await call(clearRoute.DELETE, "/v2/clear-cart", { method: "DELETE" })).status).toBe(401);
    const res = await call(mergeRoute.PUT, "/v2/carts-merge", { method: "PUT", body: { items: [] } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "Please log in to continue." });
  });

  it("answers an empty cart, identified by the user's cartId, before anything is added", async () => {
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, alice));
    const res = await get(alice);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: user!.cartId, items: [], count: 0, subtotal: 0 });
  });

  it("prices a line from the database and ignores the price, name, image and weight sent", async () => {
    const res = await post(alice, {
      productId: frame.id,
      variant: { Size: { id: A4(), value: "A4", price: 0 }, Finish: { id: MATTE(), value: "Matte", price: 1.5 } },
      quantity: 2,
      price: 1,
      product: { name: "Free frame", image: "https://evil.example/x.png", weight: 0 },
      note: false,
      productNote: "  Names: Asha & Ravi ",
    });
    expect(res.status).toBe(200);
    // On the wire amounts are rupees (₹1,499 + ₹300 + ₹50); inside, paise.
    const unit = 1499 + 300 + 50;
    expect(res.json.items).toEqual([
      {
        id: expect.any(String),
        productId: frame.id,
        product: { name: "Ocean Wave Photo Frame", image: "/images/ocean-frame.webp", weight: 0.8 },
        variant: {
          Size: { id: A4(), value: "A4 (8 x 12 in)", price: 300 },
          Finish: { id: MATTE(), value: "Matte", price: 50 },
        },
        quantity: 2,
        price: unit,
        note: true,
        productNote: "Names: Asha & Ravi",
      },
    ]);
    expect(res.json).toMatchObject({ count: 2, subtotal: 2 * unit });
    const rows = await rowsOf(alice);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pricePaise: unit * 100, quantity: 2, variantKey: [A4(), MATTE()].sort().join(",") });
  });

  it("refuses a malformed amount in the body by name and writes nothing", async () => {
    for (const [variantPrice, linePrice, message] of [
      [-50, 1, "variant.Finish.price: must not be negative."],
      [0, 1.005, "price: must have at most 2 decimals (rupees and paise)."],
      [0, 10_000_001, "price: must be at most 1000000 rupees."],
    ] as const) {
      const res = await post(alice, { productId: frame.id, variant: { Size: { id: A4() }, Finish: { id: MATTE(), price: variantPrice } }, quantity: 1, price: linePrice });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(message);
    }
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("keeps every amount exact through a round trip: rupees in, paise inside, the same rupees out", async () => {
    const odd = await makeProduct(t.db, { categoryId, pricePaise: 149950, variants: [{ name: "Finish", value: "Gold", pricePaise: 1 }] });
    const res = await post(alice, { productId: odd.id, variant: { Finish: { id: odd.variantIds[0]! } }, quantity: 3 });
    expect(res.json.items[0]).toMatchObject({ price: 1499.51, variant: { Finish: { price: 0.01 } } });
    expect(res.json.subtotal).toBe(4498.53);
    const [row] = await rowsOf(alice);
    expect(row!.pricePaise).toBe(149951);
    const again = await merge(alice, { items: res.json.items });
    expect(again.json.items[0]).toMatchObject({ price: 1499.51, quantity: 6 });
    expect(again.json.subtotal).toBe(8997.06);
  });

  it("raises the quantity of the same product and variant, and keeps other choices on their own lines", async () => {
    await post(alice, { productId: frame.id, variant: choice(A5(), GLOSS()), quantity: 1, productNote: "first" });
    // Same choice, groups in another order: the same line.
    let res = await post(alice, { productId: frame.id, variant: { Finish: { id: GLOSS() }, Size: { id: A5() } }, quantity: 3 });
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({ quantity: 4, productNote: "first", note: true, price: 1499 });
    res = await post(alice, { productId: frame.id, variant: choice(A4(), GLOSS()) });
    res = await post(alice, { productId: tag.id });
    expect(res.json.items.map((l: any) => [l.productId, l.quantity])).toEqual([
      [frame.id, 4],
      [frame.id, 1],
      [tag.id, 1],
    ]);
    expect(res.json).toMatchObject({ count: 6, subtotal: 4 * 1499 + 1799 + 499 });
  });

  it("refuses an add that would pass the quantity cap, saying so, and keeps the line as it was", async () => {
    await post(alice, { productId: tag.id, quantity: 60 });
    const res = await post(alice, { productId: tag.id, quantity: 60 });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(`You already have 60 of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: add 39 or fewer.`);
    expect((await rowsOf(alice)).map((r) => r.quantity)).toEqual([60]);
    const fits = await post(alice, { productId: tag.id, quantity: 39 });
    expect(fits.json.items[0].quantity).toBe(MAX_LINE_QUANTITY);
    const full = await post(alice, { productId: tag.id, quantity: 1 });
    expect(full.json.error).toBe(`You already have ${MAX_LINE_QUANTITY} of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: you cannot add more.`);
  });

  it("refuses an unknown or inactive product with the reason, writing nothing", async () => {
    let res = await post(alice, { productId: "no-such-product" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Product "no-such-product" does not exist.');
    res = await post(alice, { productId: inactive.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('"Retired Coaster" is not available right now.');
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("refuses a bad variant choice with the reason", async () => {
    const cases: [unknown, RegExp][] = [
      [choice("no-such-option", GLOSS()), /has no such Size option/],
      [choice(other.variantIds[0]!, GLOSS()), /has no such Size option/], // another product's option
      [choice(GLOSS(), GLOSS()), /has no such Size option/], // an option of another group
      [{ Size: { id: A4() } }, /Choose a Finish for "Ocean Wave Photo Frame"/],
      [{}, /Choose a Size/],
      [{ ...choice(A4(), GLOSS()), Colour: { id: "x" } }, /has no option group "Colour"/],
      [{ Size: { value: "A4 (8 x 12 in)" }, Finish: { id: GLOSS() } }, /variant\.Size\.id/],
    ];
    for (const [variant, reason] of cases) {
      const res = await post(alice, { productId: frame.id, variant });
      expect(res.status, JSON.stringify(variant)).toBe(400);
      expect(res.json.error).toMatch(reason);
    }
    const res = await post(alice, { productId: tag.id, variant: { Size: { id: A4() } } });
    expect(res.status).toBe(400);
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("checks the quantity and the note's length", async () => {
    for (const quantity of [0, -2, 1.5, MAX_LINE_QUANTITY + 1, "2", null]) {
      const res = await post(alice, { productId: tag.id, quantity });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.json.error).toMatch(/^quantity: /);
    }
    const long = await post(alice, { productId: tag.id, productNote: "x".repeat(MAX_NOTE_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatch(/productNote: .*at most 500/);
    expect((await post(alice, { productId: tag.id, productNote: "x".repeat(MAX_NOTE_LENGTH) })).status).toBe(200);
  });

  it("refuses a NUL character in the note (PostgreSQL text cannot hold it) with 400, writing nothing", async () => {
    const before = await rowsOf(alice);
    const res = await post(alice, { productId: tag.id, productNote: "Asha\u0000Ravi" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "productNote: must not contain a NUL character (\\u0000)." });
    expect(await rowsOf(alice)).toEqual(before);
  });

  it("refuses malformed bodies", async () => {
    const raw = await call(cartsRoute.POST, "/v2/carts", { method: "POST", token: token(alice), rawBody: "{not json" });
    expect(raw.status).toBe(400);
    const text = await call(cartsRoute.POST, "/v2/carts", { method: "POST", token: token(alice), rawBody: "x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    expect((await post(alice, [])).status).toBe(400);
    expect((await post(alice, { productId: "" })).status).toBe(400);
  });

  it("limits how many different lines a cart holds", async () => {
    const many: InsertedProduct[] = [];
    for (let i = 0; i <= MAX_CART_LINES; i++) many.push(await makeProduct(t.db, { categoryId }));
    for (const p of many.slice(0, MAX_CART_LINES)) expect((await post(alice, { productId: p.id })).status).toBe(200);
    const res = await post(alice, { productId: many[MAX_CART_LINES]!.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/already holds 50 different items/);
    // An existing line can still grow.
    expect((await post(alice, { productId: many[0]!.id })).status).toBe(200);
  });

  it("removes the line named by product and variant, and nothing else", async () => {
    await post(alice, { productId: frame.id, variant: choice(A5(), GLOSS()) });
    await post(alice, { productId: frame.id, variant: choice(A4(), MATTE()) });
    await post(alice, { productId: tag.id });
    let res = await remove(alice, frame.id, { variant: { Finish: { id: MATTE(), value: "Matte", price: 5000 }, Size: { id: A4() } } });
    expect(res.status).toBe(200);
    expect(res.json.items.map((l: any) => l.variant.Size?.id ?? l.productId)).toEqual([A5(), tag.id]);
    res = await remove(alice, tag.id); // a product without variants: no body needed
    expect(res.json.items).toHaveLength(1);
    res = await remove(alice, tag.id); // already gone: still the cart
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(1);
    expect((await call(cartsRoute.DELETE, "/v2/carts", { method: "DELETE", token: token(alice) })).status).toBe(400);
    expect((await remove(alice, frame.id, { variant: "A5" })).status).toBe(400);
  });

  it("clears the cart", async () => {
    await post(alice, { productId: tag.id, quantity: 3 });
    const res = await clear(alice);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ items: [], count: 0, subtotal: 0 });
    expect((await get(alice)).json.items).toEqual([]);
  });

  it("keeps each user to their own cart", async () => {
    const bob = await newUser();
    await post(alice, { productId: frame.id, variant: choice(A5(), GLOSS()), quantity: 2 });
    await post(alice, { productId: tag.id });

    const bobCart = await get(bob);
    expect(bobCart.json.items).toEqual([]);
    expect(bobCart.json.id).not.toBe((await get(alice)).json.id);

    await remove(bob, frame.id, { variant: choice(A5(), GLOSS()) });
    await clear(bob);
    await post(bob, { productId: tag.id, quantity: 5 });
    await merge(bob, { items: [{ productId: frame.id, variant: choice(A5(), GLOSS()), quantity: 1 }] });

    const aliceCart = await get(alice);
    expect(aliceCart.json.items.map((l: any) => [l.productId, l.quantity])).toEqual([
      [frame.id, 2],
      [tag.id, 1],
    ]);
    expect((await get(bob)).json.count).toBe(6);
    // A line id of Alice's cannot be used to reach it: lines are named by product + variant in the caller's cart only.
    expect(await rowsOf(alice)).toHaveLength(2);
  });

  it("merges a guest cart: same product and variant add up, prices come from the database", async () => {
    await post(alice, { productId: frame.id, variant: choice(A4(), MATTE()), quantity: 1, productNote: "account note" });
    const res = await merge(alice, {
      items: [
        { productId: frame.id, variant: choice(A4(), MATTE()), quantity: 2, price: 1, productNote: "" },
        { productId: tag.id, quantity: 1, price: 0, product: { name: "x", image: "", weight: 0 }, note: true, productNote: "Initials A.R." },
        { productId: frame.id, variant: choice(A5(), GLOSS()), quantity: 1, productNote: "" },
        { productId: inactive.id, quantity: 1 },
        { productId: frame.id, variant: choice("gone-option", GLOSS()), quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.items.map((l: any) => [l.productId, l.variant.Size?.id ?? null, l.quantity, l.price, l.productNote])).toEqual([
      [frame.id, A4(), 3, 1849, "account note"],
      [tag.id, null, 1, 499, "Initials A.R."],
      [frame.id, A5(), 1, 1499, ""],
    ]);
    expect(res.json).toMatchObject({ count: 5, subtotal: 3 * 1849 + 499 + 1499 });
    expect(res.json.skipped).toEqual([
      { productId: inactive.id, reason: '"Retired Coaster" is not available right now.' },
      { productId: frame.id, reason: expect.stringMatching(/has no such Size option/) },
    ]);
  });

  it("refuses a malformed merge body without writing", async () => {
    await post(alice, { productId: tag.id });
    for (const body of [{}, { items: "x" }, { items: [{ productId: tag.id, quantity: 0 }] }, { items: [{ productId: tag.id, price: 1, quantity: 1.5 }] }]) {
      const res = await merge(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await get(alice)).json.count).toBe(1);
  });

  it("re-prices lines from the current catalogue and drops lines that can no longer be bought", async () => {
    const priced = await makeProduct(t.db, { categoryId, pricePaise: 100000, variants: [{ name: "Finish", value: "Gold", pricePaise: 10000 }] });
    const retiring = await makeProduct(t.db, { categoryId, pricePaise: 20000 });
    await post(alice, { productId: priced.id, variant: { Finish: { id: priced.variantIds[0]! } }, quantity: 2 });
    await post(alice, { productId: retiring.id });

    await t.db.update(schema.products).set({ pricePaise: 120000 }).where(eq(schema.products.id, priced.id));
    await t.db.update(schema.productVariants).set({ pricePaise: 15000, value: "Gold leaf" }).where(eq(schema.productVariants.id, priced.variantIds[0]!));
    await t.db.update(schema.products).set({ status: "inactive" }).where(eq(schema.products.id, retiring.id));

    const res = await get(alice);
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({ price: 1350, variant: { Finish: { value: "Gold leaf", price: 150 } } });
    expect(res.json.subtotal).toBe(2700);

    // The next write stores the cleaned-up lines, inside its transaction.
    const after = await post(alice, { productId: tag.id });
    expect(after.json.items.map((l: any) => [l.productId, l.price])).toEqual([
      [priced.id, 1350],
      [tag.id, 499],
    ]);
    const rows = await rowsOf(alice);
    expect(rows.map((r) => [r.productId, r.pricePaise, r.variant])).toEqual([
      [priced.id, 135000, { Finish: { id: priced.variantIds[0]!, value: "Gold leaf", price: 15000 } }],
      [tag.id, 49900, {}],
    ]);
  });

  it("GET writes nothing: stale lines are re-priced and left out in the answer only", async () => {
    const priced = await makeProduct(t.db, { categoryId, pricePaise: 100000 });
    const retiring = await makeProduct(t.db, { categoryId, pricePaise: 20000 });
    await post(alice, { productId: priced.id, quantity: 2 });
    await post(alice, { productId: retiring.id });
    await t.db.update(schema.products).set({ pricePaise: 120000 }).where(eq(schema.products.id, priced.id));
    await t.db.update(schema.products).set({ status: "inactive" }).where(eq(schema.products.id, retiring.id));
    const [cartBefore] = await t.db.select().from(schema.carts).where(eq(schema.carts.userId, alice));
    const before = await rowsOf(alice);

    for (let i = 0; i < 2; i++) {
      const res = await get(alice);
      expect(res.json.items.map((l: any) => [l.productId, l.price])).toEqual([[priced.id, 1200]]);
      expect(res.json).toMatchObject({ count: 2, subtotal: 2400 });
    }
    expect(await rowsOf(alice)).toEqual(before);
    expect(before.map((r) => r.pricePaise)).toEqual([100000, 20000]);
    const [cartAfter] = await t.db.select().from(schema.carts).where(eq(schema.carts.userId, alice));
    expect(cartAfter).toEqual(cartBefore);
  });

  it("a merge deletes lines that can no longer be bought, so they free their place", async () => {
    const retiring = await makeProduct(t.db, { categoryId, pricePaise: 20000 });
    await post(alice, { productId: retiring.id });
    await post(alice, { productId: frame.id, variant: choice(A5(), GLOSS()), quantity: 2 });
    await t.db.update(schema.products).set({ status: "inactive" }).where(eq(schema.products.id, retiring.id));
    const res = await merge(alice, {
      items: [
        { productId: frame.id, variant: choice(A5(), GLOSS()), quantity: 1 },
        { productId: tag.id, quantity: 2 },
        { productId: frame.id, variant: choice(A4(), MATTE()), quantity: 1, productNote: "Gold" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.skipped).toEqual([]);
    const lines = res.json.items.map((l: any) => [l.productId, l.variant.Size?.id ?? null, l.quantity, l.productNote]);
    expect(lines).toEqual([
      [frame.id, A5(), 3, ""],
      [tag.id, null, 2, ""],
      [frame.id, A4(), 1, "Gold"],
    ]);
    const rows = await rowsOf(alice);
    expect(rows.map((r) => r.productId).sort()).toEqual([frame.id, frame.id, tag.id].sort());
    expect((await get(alice)).json.items.map((l: any) => [l.productId, l.variant.Size?.id ?? null, l.quantity, l.productNote])).toEqual(lines);
  });

  it("answers 413 to a body over the cap, also when it comes without a Content-Length", async () => {
    const big = JSON.stringify({ productId: tag.id, productNote: "x".repeat(20_000) });
    const declared = await call(cartsRoute.POST, "/v2/carts", {
      method: "POST",
      token: token(alice),
      rawBody: big,
      headers: { "content-type": "application/json", "content-length": String(big.length) },
    });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual({ error: "The request body is too large." });

    // A bare Request has no Content-Length header: the cap is counted while reading.
    const unknown = await call(cartsRoute.POST, "/v2/carts", { method: "POST", token: token(alice), rawBody: big });
    expect(unknown.status).toBe(413);
    const merged = await call(mergeRoute.PUT, "/v2/carts-merge", {
      method: "PUT",
      token: token(alice),
      rawBody: JSON.stringify({ items: [{ productId: tag.id, productNote: "y".repeat(300_000) }] }),
    });
    expect(merged.status).toBe(413);
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("adding a line costs a handful of statements, however full the cart", async () => {
    const line = (productId: string, variant = {}) => ({ productId, variant, quantity: 1, productNote: "" });
    const first = await countStatements(t, () => addItemFor(alice, line(frame.id, choice(A5(), GLOSS()))));
    expect(first.result.items).toHaveLength(1);
    const second = await countStatements(t, () => addItemFor(alice, line(tag.id)));
    const again = await countStatements(t, () => addItemFor(alice, line(tag.id)));
    expect(again.result.items.map((i) => i.quantity)).toEqual([1, 2]);
    // Lock the cart, read its lines, read the products (one statement, the catalogue's loader), write:
    // four (a fifth deletes lines that can no longer be bought). It was 14 before (plus BEGIN/COMMIT).
    for (const { statements } of [first, second, again]) expect(statements).toHaveLength(4);
  });

  it("answers 405 for other methods", async () => {
    const res = await call(cartsRoute.ALL, "/v2/carts", { method: "PATCH", token: token(alice) });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, DELETE");
    expect((await call(clearRoute.ALL, "/v2/clear-cart", { method: "GET" })).status).toBe(405);
    expect((await call(mergeRoute.ALL, "/v2/carts-merge", { method: "POST" })).status).toBe(405);
  });
});
