/**
 * The cart API (docs/product.md §7 Cart) against a real database: an add's checks (variant,
 * quantity, note, malformed bodies), the cap on different lines, removing a line, clearing the cart
 * and each user's own cart. Tokens, pricing and amounts: cart.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { makeProduct, type InsertedProduct } from "~/server/seed/factories";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "~/features/cart/cart";
import { call } from "./helpers/call";
import { cartFixture } from "./helpers/cart";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

// Callers are real accounts on a private Auth Emulator; the real auth module checks their tokens.
const auth = useTestAuth(EMULATOR_PORTS.cartLines);

const cartsRoute = await import("~/pages/v2/carts");

describe.each(dbKinds)("cart API on %s", (kind) => {
  const {
    s,
    A5,
    A4,
    GLOSS,
    MATTE,
    choice,
    newUser,
    token,
    get,
    post,
    remove,
    clear,
    merge,
    rowsOf,
  } = cartFixture(kind, auth);

  let alice: string;
  beforeEach(async () => {
    alice = await newUser();
  });

  it("checks the quantity and the note's length", async () => {
    for (const quantity of [0, -2, 1.5, MAX_LINE_QUANTITY + 1, "2", null]) {
      const res = await post(alice, { productId: s.tag.id, quantity });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.json.error).toMatch(/^quantity: /);
    }
    const long = await post(alice, {
      productId: s.tag.id,
      productNote: "x".repeat(MAX_NOTE_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatch(/productNote: .*at most 500/);
    expect(
      (await post(alice, { productId: s.tag.id, productNote: "x".repeat(MAX_NOTE_LENGTH) })).status,
    ).toBe(200);
  });

  it("refuses a NUL character in the note (PostgreSQL text cannot hold it) with 400, writing nothing", async () => {
    const before = await rowsOf(alice);
    const res = await post(alice, { productId: s.tag.id, productNote: "Asha\u0000Ravi" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "productNote: must not contain a NUL character (\\u0000)." });
    expect(await rowsOf(alice)).toEqual(before);
  });

  it("refuses malformed bodies", async () => {
    const raw = await call(cartsRoute.POST, "/v2/carts", {
      method: "POST",
      token: token(alice),
      rawBody: "{not json",
    });
    expect(raw.status).toBe(400);
    const text = await call(cartsRoute.POST, "/v2/carts", {
      method: "POST",
      token: token(alice),
      rawBody: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(400);
    expect((await post(alice, [])).status).toBe(400);
    expect((await post(alice, { productId: "" })).status).toBe(400);
  });

  it("limits how many different lines a cart holds", async () => {
    const many: InsertedProduct[] = [];
    for (let i = 0; i <= MAX_CART_LINES; i++)
      many.push(await makeProduct(s.t.db, { categoryId: s.categoryId }));
    for (const p of many.slice(0, MAX_CART_LINES))
      expect((await post(alice, { productId: p.id })).status).toBe(200);
    const res = await post(alice, { productId: many[MAX_CART_LINES]!.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/already holds 50 different items/);
    // An existing line can still grow.
    expect((await post(alice, { productId: many[0]!.id })).status).toBe(200);
  });

  it("removes the line named by product and variant, and nothing else", async () => {
    await post(alice, { productId: s.frame.id, variant: choice(A5(), GLOSS()) });
    await post(alice, { productId: s.frame.id, variant: choice(A4(), MATTE()) });
    await post(alice, { productId: s.tag.id });
    let res = await remove(alice, s.frame.id, {
      variant: { Finish: { id: MATTE(), value: "Matte", price: 5000 }, Size: { id: A4() } },
    });
    expect(res.status).toBe(200);
    expect(res.json.items.map((l: any) => l.variant.Size?.id ?? l.productId)).toEqual([
      A5(),
      s.tag.id,
    ]);
    res = await remove(alice, s.tag.id); // a product without variants: no body needed
    expect(res.json.items).toHaveLength(1);
    res = await remove(alice, s.tag.id); // already gone: still the cart
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(1);
    expect(
      (await call(cartsRoute.DELETE, "/v2/carts", { method: "DELETE", token: token(alice) }))
        .status,
    ).toBe(400);
    expect((await remove(alice, s.frame.id, { variant: "A5" })).status).toBe(400);
  });

  it("clears the cart", async () => {
    await post(alice, { productId: s.tag.id, quantity: 3 });
    const res = await clear(alice);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ items: [], count: 0, subtotal: 0 });
    expect((await get(alice)).json.items).toEqual([]);
  });

  it("keeps each user to their own cart", async () => {
    const bob = await newUser();
    await post(alice, { productId: s.frame.id, variant: choice(A5(), GLOSS()), quantity: 2 });
    await post(alice, { productId: s.tag.id });

    const bobCart = await get(bob);
    expect(bobCart.json.items).toEqual([]);
    expect(bobCart.json.id).not.toBe((await get(alice)).json.id);

    await remove(bob, s.frame.id, { variant: choice(A5(), GLOSS()) });
    await clear(bob);
    await post(bob, { productId: s.tag.id, quantity: 5 });
    await merge(bob, {
      items: [{ productId: s.frame.id, variant: choice(A5(), GLOSS()), quantity: 1 }],
    });

    const aliceCart = await get(alice);
    expect(aliceCart.json.items.map((l: any) => [l.productId, l.quantity])).toEqual([
      [s.frame.id, 2],
      [s.tag.id, 1],
    ]);
    expect((await get(bob)).json.count).toBe(6);
    // A line id of Alice's cannot be used to reach it: lines are named by product + variant in the caller's cart only.
    expect(await rowsOf(alice)).toHaveLength(2);
  });
});
