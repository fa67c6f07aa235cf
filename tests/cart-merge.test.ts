/**
 * The cart API's merge and re-pricing (docs/product.md §4 Cart, §7 PUT /v2/carts-merge) against a real
 * database: guest lines merged at sign-in, prices from the current catalogue, lines that can no
 * longer be bought, the body cap, and what adding a line costs in statements.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { addItemFor } from "~/features/cart/cart.server";
import { call } from "./helpers/call";
import { cartFixture } from "./helpers/cart";
import { countStatements } from "./helpers/count-statements";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

// Callers are real accounts on a private Auth Emulator; the real auth module checks their tokens.
const auth = useTestAuth(EMULATOR_PORTS.cartMerge);

const cartsRoute = await import("~/pages/v2/carts");
const clearRoute = await import("~/pages/v2/clear-cart");
const mergeRoute = await import("~/pages/v2/carts-merge");

describe.each(dbKinds)("cart merge and re-pricing on %s", (kind) => {
  const { s, A5, A4, GLOSS, MATTE, choice, newUser, token, get, post, merge, rowsOf } = cartFixture(
    kind,
    auth,
  );

  let alice: string;
  beforeEach(async () => {
    alice = await newUser();
  });

  it("merges a guest cart: same product and variant add up, prices come from the database", async () => {
    await post(alice, {
      productId: s.frame.id,
      variant: choice(A4(), MATTE()),
      quantity: 1,
      productNote: "account note",
    });
    const res = await merge(alice, {
      items: [
        {
          productId: s.frame.id,
          variant: choice(A4(), MATTE()),
          quantity: 2,
          price: 1,
          productNote: "",
        },
        {
          productId: s.tag.id,
          quantity: 1,
          price: 0,
          product: { name: "x", image: "", weight: 0 },
          note: true,
          productNote: "Initials A.R.",
        },
        { productId: s.frame.id, variant: choice(A5(), GLOSS()), quantity: 1, productNote: "" },
        { productId: s.inactive.id, quantity: 1 },
        { productId: s.frame.id, variant: choice("gone-option", GLOSS()), quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(
      res.json.items.map((l: any) => [
        l.productId,
        l.variant.Size?.id ?? null,
        l.quantity,
        l.price,
        l.productNote,
      ]),
    ).toEqual([
      [s.frame.id, A4(), 3, 1849, "account note"],
      [s.tag.id, null, 1, 499, "Initials A.R."],
      [s.frame.id, A5(), 1, 1499, ""],
    ]);
    expect(res.json).toMatchObject({ count: 5, subtotal: 3 * 1849 + 499 + 1499 });
    expect(res.json.skipped).toEqual([
      { productId: s.inactive.id, reason: '"Retired Coaster" is not available right now.' },
      { productId: s.frame.id, reason: expect.stringMatching(/has no such Size option/) },
    ]);
  });

  it("refuses a malformed merge body without writing", async () => {
    await post(alice, { productId: s.tag.id });
    for (const body of [
      {},
      { items: "x" },
      { items: [{ productId: s.tag.id, quantity: 0 }] },
      { items: [{ productId: s.tag.id, price: 1, quantity: 1.5 }] },
    ]) {
      const res = await merge(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await get(alice)).json.count).toBe(1);
  });

  it("re-prices lines from the current catalogue and drops lines that can no longer be bought", async () => {
    const priced = await makeProduct(s.t.db, {
      categoryId: s.categoryId,
      pricePaise: 100000,
      variants: [{ name: "Finish", value: "Gold", pricePaise: 10000 }],
    });
    const retiring = await makeProduct(s.t.db, { categoryId: s.categoryId, pricePaise: 20000 });
    await post(alice, {
      productId: priced.id,
      variant: { Finish: { id: priced.variantIds[0]! } },
      quantity: 2,
    });
    await post(alice, { productId: retiring.id });

    await s.t.db
      .update(schema.products)
      .set({ pricePaise: 120000 })
      .where(eq(schema.products.id, priced.id));
    await s.t.db
      .update(schema.productVariants)
      .set({ pricePaise: 15000, value: "Gold leaf" })
      .where(eq(schema.productVariants.id, priced.variantIds[0]!));
    await s.t.db
      .update(schema.products)
      .set({ status: "inactive" })
      .where(eq(schema.products.id, retiring.id));

    const res = await get(alice);
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({
      price: 1350,
      variant: { Finish: { value: "Gold leaf", price: 150 } },
    });
    expect(res.json.subtotal).toBe(2700);

    // The next write stores the cleaned-up lines, inside its transaction.
    const after = await post(alice, { productId: s.tag.id });
    expect(after.json.items.map((l: any) => [l.productId, l.price])).toEqual([
      [priced.id, 1350],
      [s.tag.id, 499],
    ]);
    const rows = await rowsOf(alice);
    expect(rows.map((r) => [r.productId, r.pricePaise, r.variant])).toEqual([
      [
        priced.id,
        135000,
        { Finish: { id: priced.variantIds[0]!, value: "Gold leaf", price: 15000 } },
      ],
      [s.tag.id, 49900, {}],
    ]);
  });

  it("GET writes nothing: stale lines are re-priced and left out in the answer only", async () => {
    const priced = await makeProduct(s.t.db, { categoryId: s.categoryId, pricePaise: 100000 });
    const retiring = await makeProduct(s.t.db, { categoryId: s.categoryId, pricePaise: 20000 });
    await post(alice, { productId: priced.id, quantity: 2 });
    await post(alice, { productId: retiring.id });
    await s.t.db
      .update(schema.products)
      .set({ pricePaise: 120000 })
      .where(eq(schema.products.id, priced.id));
    await s.t.db
      .update(schema.products)
      .set({ status: "inactive" })
      .where(eq(schema.products.id, retiring.id));
    const [cartBefore] = await s.t.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.userId, alice));
    const before = await rowsOf(alice);

    for (let i = 0; i < 2; i++) {
      const res = await get(alice);
      expect(res.json.items.map((l: any) => [l.productId, l.price])).toEqual([[priced.id, 1200]]);
      expect(res.json).toMatchObject({ count: 2, subtotal: 2400 });
    }
    expect(await rowsOf(alice)).toEqual(before);
    expect(before.map((r) => r.pricePaise)).toEqual([100000, 20000]);
    const [cartAfter] = await s.t.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.userId, alice));
    expect(cartAfter).toEqual(cartBefore);
  });

  it("a merge deletes lines that can no longer be bought, so they free their place", async () => {
    const retiring = await makeProduct(s.t.db, { categoryId: s.categoryId, pricePaise: 20000 });
    await post(alice, { productId: retiring.id });
    await post(alice, { productId: s.frame.id, variant: choice(A5(), GLOSS()), quantity: 2 });
    await s.t.db
      .update(schema.products)
      .set({ status: "inactive" })
      .where(eq(schema.products.id, retiring.id));
    const res = await merge(alice, {
      items: [
        { productId: s.frame.id, variant: choice(A5(), GLOSS()), quantity: 1 },
        { productId: s.tag.id, quantity: 2 },
        { productId: s.frame.id, variant: choice(A4(), MATTE()), quantity: 1, productNote: "Gold" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.skipped).toEqual([]);
    const lines = res.json.items.map((l: any) => [
      l.productId,
      l.variant.Size?.id ?? null,
      l.quantity,
      l.productNote,
    ]);
    expect(lines).toEqual([
      [s.frame.id, A5(), 3, ""],
      [s.tag.id, null, 2, ""],
      [s.frame.id, A4(), 1, "Gold"],
    ]);
    const rows = await rowsOf(alice);
    expect(rows.map((r) => r.productId).sort()).toEqual([s.frame.id, s.frame.id, s.tag.id].sort());
    expect(
      (await get(alice)).json.items.map((l: any) => [
        l.productId,
        l.variant.Size?.id ?? null,
        l.quantity,
        l.productNote,
      ]),
    ).toEqual(lines);
  });

  it("answers 413 to a body over the cap, also when it comes without a Content-Length", async () => {
    const big = JSON.stringify({ productId: s.tag.id, productNote: "x".repeat(20_000) });
    const declared = await call(cartsRoute.POST, "/v2/carts", {
      method: "POST",
      token: token(alice),
      rawBody: big,
      headers: { "content-type": "application/json", "content-length": String(big.length) },
    });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual({ error: "The request body is too large." });

    // A bare Request has no Content-Length header: the cap is counted while reading.
    const unknown = await call(cartsRoute.POST, "/v2/carts", {
      method: "POST",
      token: token(alice),
      rawBody: big,
    });
    expect(unknown.status).toBe(413);
    const merged = await call(mergeRoute.PUT, "/v2/carts-merge", {
      method: "PUT",
      token: token(alice),
      rawBody: JSON.stringify({
        items: [{ productId: s.tag.id, productNote: "y".repeat(300_000) }],
      }),
    });
    expect(merged.status).toBe(413);
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("adding a line costs a handful of statements, however full the cart", async () => {
    const line = (productId: string, variant = {}) => ({
      productId,
      variant,
      quantity: 1,
      productNote: "",
    });
    const first = await countStatements(s.t, () =>
      addItemFor(alice, line(s.frame.id, choice(A5(), GLOSS()))),
    );
    expect(first.result.items).toHaveLength(1);
    const second = await countStatements(s.t, () => addItemFor(alice, line(s.tag.id)));
    const again = await countStatements(s.t, () => addItemFor(alice, line(s.tag.id)));
    expect(again.result.items.map((i) => i.quantity)).toEqual([1, 2]);
    // Lock the cart; read its lines with their products and the products' stock modes (one
    // statement through the catalogue's loader, decision 0280; a product counted in stock adds its
    // shelf counts, decision 0216); write: three (a fourth deletes lines that can no longer be
    // bought). It was five, and 14 before that (plus BEGIN/COMMIT). On PGlite, whose transactions
    // run one at a time, the transaction is the lock: read, write (decision 0314).
    const count = kind === "pglite" ? 2 : 3;
    for (const { statements } of [first, second, again]) expect(statements).toHaveLength(count);
  });

  it("answers 405 for other methods", async () => {
    const res = await call(cartsRoute.ALL, "/v2/carts", { method: "PUT", token: token(alice) });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, PATCH, DELETE");
    expect((await call(clearRoute.ALL, "/v2/clear-cart", { method: "GET" })).status).toBe(405);
    expect((await call(mergeRoute.ALL, "/v2/carts-merge", { method: "POST" })).status).toBe(405);
  });
});
