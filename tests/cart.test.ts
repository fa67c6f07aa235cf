/**
 * The cart API (docs/product.md §7 Cart) against a real database: GET/POST/DELETE /v2/carts and
 * DELETE /v2/clear-cart, called as the server would call them: tokens, pricing, exact amounts and
 * the quantity cap. Line checks, limits, removing and clearing: cart-lines.test.ts. Merging, re-pricing and the
 * statement count: cart-merge.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart";
import { call } from "./helpers/call";
import { cartFixture } from "./helpers/cart";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

// Callers are real accounts on a private Auth Emulator; the real auth module checks their tokens.
const auth = useTestAuth(EMULATOR_PORTS.cart);

const cartsRoute = await import("~/pages/v2/carts");
const clearRoute = await import("~/pages/v2/clear-cart");
const mergeRoute = await import("~/pages/v2/carts-merge");

describe.each(dbKinds)("cart API on %s", (kind) => {
  const { s, A5, A4, GLOSS, MATTE, choice, newUser, get, post, merge, rowsOf } = cartFixture(
    kind,
    auth,
  );

  let alice: string;
  beforeEach(async () => {
    alice = await newUser();
  });

  it("needs a bearer token on every call", async () => {
    expect((await call(cartsRoute.GET, "/v2/carts")).status).toBe(401);
    expect(
      (await call(cartsRoute.POST, "/v2/carts", { method: "POST", body: { productId: s.tag.id } }))
        .status,
    ).toBe(401);
    expect(
      (await call(cartsRoute.DELETE, `/v2/carts?prod_id=${s.tag.id}`, { method: "DELETE" })).status,
    ).toBe(401);
    expect((await call(clearRoute.DELETE, "/v2/clear-cart", { method: "DELETE" })).status).toBe(
      401,
    );
    const res = await call(mergeRoute.PUT, "/v2/carts-merge", {
      method: "PUT",
      body: { items: [] },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "Please log in to continue." });
  });

  it("answers an empty cart, identified by the user's cartId, before anything is added", async () => {
    const [user] = await s.t.db.select().from(schema.users).where(eq(schema.users.id, alice));
    const res = await get(alice);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: user!.cartId, items: [], count: 0, subtotal: 0 });
  });

  it("prices a line from the database and ignores the price, name, image and weight sent", async () => {
    const res = await post(alice, {
      productId: s.frame.id,
      variant: {
        Size: { id: A4(), value: "A4", price: 0 },
        Finish: { id: MATTE(), value: "Matte", price: 1.5 },
      },
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
        productId: s.frame.id,
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
    expect(rows[0]).toMatchObject({
      pricePaise: unit * 100,
      quantity: 2,
      variantKey: [A4(), MATTE()].sort().join(","),
    });
  });

  it("refuses a malformed amount in the body by name and writes nothing", async () => {
    for (const [variantPrice, linePrice, message] of [
      [-50, 1, "variant.Finish.price: must not be negative."],
      [0, 1.005, "price: must have at most 2 decimals (rupees and paise)."],
      [0, 10_000_001, "price: must be at most 1000000 rupees."],
    ] as const) {
      const res = await post(alice, {
        productId: s.frame.id,
        variant: { Size: { id: A4() }, Finish: { id: MATTE(), price: variantPrice } },
        quantity: 1,
        price: linePrice,
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(message);
    }
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("keeps every amount exact through a round trip: rupees in, paise inside, the same rupees out", async () => {
    const odd = await makeProduct(s.t.db, {
      categoryId: s.categoryId,
      pricePaise: 149950,
      variants: [{ name: "Finish", value: "Gold", pricePaise: 1 }],
    });
    const res = await post(alice, {
      productId: odd.id,
      variant: { Finish: { id: odd.variantIds[0]! } },
      quantity: 3,
    });
    expect(res.json.items[0]).toMatchObject({
      price: 1499.51,
      variant: { Finish: { price: 0.01 } },
    });
    expect(res.json.subtotal).toBe(4498.53);
    const [row] = await rowsOf(alice);
    expect(row!.pricePaise).toBe(149951);
    const again = await merge(alice, { items: res.json.items });
    expect(again.json.items[0]).toMatchObject({ price: 1499.51, quantity: 6 });
    expect(again.json.subtotal).toBe(8997.06);
  });

  it("raises the quantity of the same product and variant, and keeps other choices on their own lines", async () => {
    await post(alice, {
      productId: s.frame.id,
      variant: choice(A5(), GLOSS()),
      quantity: 1,
      productNote: "first",
    });
    // Same choice, groups in another order: the same line.
    let res = await post(alice, {
      productId: s.frame.id,
      variant: { Finish: { id: GLOSS() }, Size: { id: A5() } },
      quantity: 3,
    });
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({
      quantity: 4,
      productNote: "first",
      note: true,
      price: 1499,
    });
    res = await post(alice, { productId: s.frame.id, variant: choice(A4(), GLOSS()) });
    res = await post(alice, { productId: s.tag.id });
    expect(res.json.items.map((l: any) => [l.productId, l.quantity])).toEqual([
      [s.frame.id, 4],
      [s.frame.id, 1],
      [s.tag.id, 1],
    ]);
    expect(res.json).toMatchObject({ count: 6, subtotal: 4 * 1499 + 1799 + 499 });
  });

  it("refuses an add that would pass the quantity cap, saying so, and keeps the line as it was", async () => {
    await post(alice, { productId: s.tag.id, quantity: 60 });
    const res = await post(alice, { productId: s.tag.id, quantity: 60 });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      `You already have 60 of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: add 39 or fewer.`,
    );
    expect((await rowsOf(alice)).map((r) => r.quantity)).toEqual([60]);
    const fits = await post(alice, { productId: s.tag.id, quantity: 39 });
    expect(fits.json.items[0].quantity).toBe(MAX_LINE_QUANTITY);
    const full = await post(alice, { productId: s.tag.id, quantity: 1 });
    expect(full.json.error).toBe(
      `You already have ${MAX_LINE_QUANTITY} of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: you cannot add more.`,
    );
  });

  it("refuses an unknown or inactive product with the reason, writing nothing", async () => {
    let res = await post(alice, { productId: "no-such-product" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Product "no-such-product" does not exist.');
    res = await post(alice, { productId: s.inactive.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('"Retired Coaster" is not available right now.');
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("refuses a bad variant choice with the reason", async () => {
    const cases: [unknown, RegExp][] = [
      [choice("no-such-option", GLOSS()), /has no such Size option/],
      [choice(s.other.variantIds[0]!, GLOSS()), /has no such Size option/], // another product's option
      [choice(GLOSS(), GLOSS()), /has no such Size option/], // an option of another group
      [{ Size: { id: A4() } }, /Choose a Finish for "Ocean Wave Photo Frame"/],
      [{}, /Choose a Size/],
      [{ ...choice(A4(), GLOSS()), Colour: { id: "x" } }, /has no option group "Colour"/],
      [{ Size: { value: "A4 (8 x 12 in)" }, Finish: { id: GLOSS() } }, /variant\.Size\.id/],
    ];
    for (const [variant, reason] of cases) {
      const res = await post(alice, { productId: s.frame.id, variant });
      expect(res.status, JSON.stringify(variant)).toBe(400);
      expect(res.json.error).toMatch(reason);
    }
    const res = await post(alice, { productId: s.tag.id, variant: { Size: { id: A4() } } });
    expect(res.status).toBe(400);
    expect(await rowsOf(alice)).toEqual([]);
  });
});
