/**
 * The cart's one schema (decision 0010): the POST /v2/carts body, the answer the browser reads
 * (toCartLine / toCartAnswer), the browser's cart code loading only zod/mini, and the guest cart's
 * storage. The cart's rules: cart.test.ts.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addLine, MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "./cart";
import { cartItemInput, toCartAnswer, toCartLine } from "./cart.schema";
import { parseGuestCart, serialiseGuestCart } from "./cart-storage";
import {
  modulesImporting,
  modulesImportingFullZod,
  reachableModules,
} from "../../../tests/helpers/imports";
import { a3Matte, a4Gloss, draft } from "./cart-test-kit";

describe("cartItemInput (POST /v2/carts body)", () => {
  const body = {
    productId: "frame-1",
    variant: { Size: { id: "size-a4" } },
    quantity: 2,
    productNote: "hi",
  };

  it("drops the price, product and note flag a client sends", () => {
    const parsed = cartItemInput.parse({
      ...body,
      price: 1,
      product: { name: "x", image: "", weight: 0 },
      note: true,
    });
    expect(parsed).toEqual(body);
  });

  it("defaults quantity to 1 and the note to empty", () => {
    expect(cartItemInput.parse({ productId: "frame-1" })).toEqual({
      productId: "frame-1",
      variant: {},
      quantity: 1,
      productNote: "",
    });
  });

  it.each([0, -1, 1.5, MAX_LINE_QUANTITY + 1, "2", null])("refuses the quantity %s", (quantity) => {
    expect(cartItemInput.safeParse({ ...body, quantity }).success).toBe(false);
  });

  it("bounds the note", () => {
    expect(
      cartItemInput.safeParse({ ...body, productNote: "x".repeat(MAX_NOTE_LENGTH) }).success,
    ).toBe(true);
    expect(
      cartItemInput.safeParse({ ...body, productNote: "x".repeat(MAX_NOTE_LENGTH + 1) }).success,
    ).toBe(false);
  });

  it("needs an id for each chosen option", () => {
    expect(cartItemInput.safeParse({ ...body, variant: { Size: { value: "A4" } } }).success).toBe(
      false,
    );
    expect(cartItemInput.safeParse({ ...body, variant: { Size: "size-a4" } }).success).toBe(false);
  });
});

describe("toCartLine / toCartAnswer (the cart's one schema, read by the browser)", () => {
  const good = {
    id: "l1",
    productId: "frame-1",
    product: { name: "Ocean Frame", image: "/img/frame.jpg", weight: 0.8 },
    variant: a4Gloss,
    quantity: 2,
    price: 149900,
    note: true,
    productNote: "For Mum",
  };

  it("keeps a good line and drops unknown keys", () => {
    expect(toCartLine(good)).toEqual(good);
    expect(
      toCartLine({ ...good, extra: "dropped", product: { ...good.product, sku: "x" } }),
    ).toEqual(good);
  });

  it("falls back to defaults for optional parts", () => {
    expect(toCartLine({ ...good, product: { name: "No image" } })?.product).toEqual({
      name: "No image",
      image: "",
      weight: 0,
    });
    expect(
      toCartLine({ ...good, product: { name: "Odd", image: 5, weight: "heavy" } })?.product,
    ).toEqual({ name: "Odd", image: "", weight: 0 });
    for (const variant of [{ Size: { id: "a", value: "A", price: "0" } }, [], null])
      expect(toCartLine({ ...good, variant })?.variant).toEqual({});
    expect(
      toCartLine({ ...good, variant: { Size: { id: "a", value: "A", price: 0, more: 1 } } })
        ?.variant,
    ).toEqual({ Size: { id: "a", value: "A", price: 0 } });
    expect(toCartLine({ ...good, note: "yes", productNote: 7 })).toMatchObject({
      note: false,
      productNote: "",
    });
    expect(toCartLine({ ...good, note: undefined, productNote: undefined })).toMatchObject({
      note: false,
      productNote: "",
    });
  });

  it.each([
    { id: 1 },
    { productId: null },
    { product: null },
    { product: { image: "" } },
    { quantity: 0 },
    { quantity: 1.5 },
    { quantity: MAX_LINE_QUANTITY + 1 },
    { quantity: "2" },
    { price: -1 },
    { price: 10.5 },
    { price: undefined },
  ])("refuses a line with %o", (change) => {
    expect(toCartLine({ ...good, ...change })).toBeNull();
  });

  it.each([null, "line", [good]])("refuses %o", (value) => {
    expect(toCartLine(value)).toBeNull();
  });

  it("reads whole answers, refusing one bad line", () => {
    expect(toCartAnswer({ id: "c1", items: [good], count: 2, subtotal: 299800 })).toEqual({
      id: "c1",
      items: [good],
      count: 2,
      subtotal: 299800,
    });
    expect(toCartAnswer({ id: "c1", items: [], count: 0, subtotal: 0, skipped: [] })).toEqual({
      id: "c1",
      items: [],
      count: 0,
      subtotal: 0,
    });
    const bad: unknown[] = [
      { id: "c1", items: [good, { ...good, quantity: 0 }], count: 2, subtotal: 1 },
      { id: "c1", items: "x", count: 0, subtotal: 0 },
      { id: "c1", items: [], count: "0", subtotal: 0 },
      { items: [], count: 0, subtotal: 0 },
      { error: "boom" },
      null,
      [],
    ];
    for (const answer of bad) expect(toCartAnswer(answer), JSON.stringify(answer)).toBeNull();
  });
});

describe("the browser's cart code loads only the small zod build", () => {
  // Static, dynamic and import.meta.glob imports alike (see tests/browser-modules.test.ts for every browser entry).
  it.each([
    "src/features/cart/cart-store.ts",
    "src/components/site/cart-badge.ts",
    "src/components/site/cart-launcher.ts",
  ])("no module reachable from %s imports the full zod build", (entry) => {
    expect(
      [...reachableModules(entry).keys()].some((file) =>
        file.endsWith(path.join("features", "cart", "cart.ts")),
      ),
    ).toBe(true);
    expect(modulesImportingFullZod(entry)).toEqual([]);
  });

  it("the cart store reads answers with the shared schema, and the handlers parse bodies with it", () => {
    const schema = path.join("src", "features", "cart", "cart.schema.ts");
    expect(modulesImporting("src/features/cart/cart-store.ts", "zod/mini")).toContain(schema);
    expect(modulesImporting("src/features/cart/cart.api.ts", "zod/mini")).toContain(schema);
  });
});

describe("guest cart storage", () => {
  it("round-trips and drops damaged entries", () => {
    const items = addLine(
      addLine([], draft({ productNote: "note" }))!,
      draft({ variant: a3Matte, price: 184900 }),
    )!;
    expect(parseGuestCart(serialiseGuestCart(items))).toEqual(items);
    expect(parseGuestCart("not json")).toEqual([]);
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart(JSON.stringify({ items: [{ productId: 3 }, ...items] }))).toEqual(items);
    expect(parseGuestCart(JSON.stringify(items))).toEqual(items); // a bare list is read too
  });
});
