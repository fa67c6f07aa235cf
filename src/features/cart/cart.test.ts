import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  addLine,
  cartCount,
  cartSubtotal,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_NOTE_LENGTH,
  mergeLines,
  removeLine,
  variantKey,
  type CartLine,
} from "./cart";
import { cartItemInput, toCartAnswer, toCartLine } from "./cart.schema";
import { resolveChoice } from "./resolve-choice";
import { parseGuestCart, serialiseGuestCart } from "./cart-storage";
import {
  modulesImporting,
  modulesImportingFullZod,
  reachableModules,
} from "../../../tests/helpers/imports";
import { a3Matte, a4Gloss, draft, frame } from "./cart-test-kit";

describe("line identity", () => {
  it("keys a variant choice by its sorted ids, whatever the group order", () => {
    expect(variantKey(a4Gloss)).toBe("fin-gloss,size-a4");
    expect(variantKey({ Finish: a4Gloss.Finish, Size: a4Gloss.Size })).toBe("fin-gloss,size-a4");
    expect(variantKey({})).toBe("");
  });
});

describe("addLine (guest cart, docs/product.md §4)", () => {
  it("adds a new line with quantity 1 by default", () => {
    const { quantity: _q, ...noQuantity } = draft();
    const items = addLine([], noQuantity)!;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      productId: "frame-1",
      quantity: 1,
      note: false,
      productNote: "",
    });
  });

  it("raises the quantity of the same product and variant by the given quantity", () => {
    let items = addLine([], draft({ quantity: 2 }))!;
    items = addLine(
      items,
      draft({ quantity: 3, variant: { Finish: a4Gloss.Finish, Size: a4Gloss.Size } }),
    )!;
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(5);
  });

  it("keeps a different variant choice, or another product, on its own line", () => {
    let items = addLine([], draft())!;
    items = addLine(items, draft({ variant: a3Matte, price: 184900 }))!;
    items = addLine(items, draft({ productId: "tag-1", variant: {} }))!;
    expect(items.map((l) => l.productId)).toEqual(["frame-1", "frame-1", "tag-1"]);
    expect(new Set(items.map((l) => l.id)).size).toBe(3);
  });

  it("caps the quantity and refuses a line past the cart's limit", () => {
    const items = addLine(
      addLine([], draft({ quantity: MAX_LINE_QUANTITY }))!,
      draft({ quantity: 5 }),
    )!;
    expect(items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    let full: CartLine[] = [];
    for (let i = 0; i < MAX_CART_LINES; i++)
      full = addLine(full, draft({ productId: `p${i}`, variant: {} }))!;
    expect(addLine(full, draft({ productId: "one-more", variant: {} }))).toBeNull();
    expect(addLine(full, draft({ productId: "p0", variant: {} }))![0]!.quantity).toBe(2);
  });

  it("marks a line with a note, and a newer non-empty note replaces the older", () => {
    let items = addLine([], draft({ productNote: "  Names: Asha & Ravi " }))!;
    expect(items[0]).toMatchObject({ note: true, productNote: "Names: Asha & Ravi" });
    items = addLine(items, draft({ productNote: "" }))!;
    expect(items[0]!.productNote).toBe("Names: Asha & Ravi");
    items = addLine(items, draft({ productNote: "Date: 12.02.2025" }))!;
    expect(items[0]!.productNote).toBe("Date: 12.02.2025");
  });

  it("does not change the list it was given", () => {
    const before = addLine([], draft())!;
    const snapshot = JSON.stringify(before);
    addLine(before, draft({ quantity: 4 }));
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it("removes exactly the line of that product and variant", () => {
    const items = addLine(addLine([], draft())!, draft({ variant: a3Matte }))!;
    expect(
      removeLine(items, { productId: "frame-1", variant: a3Matte }).map((l) => l.variant),
    ).toEqual([a4Gloss]);
    expect(removeLine(items, { productId: "other", variant: a3Matte })).toHaveLength(2);
  });
});

describe("count and subtotal (docs/product.md §4)", () => {
  it("counts the sum of quantities and totals price times quantity", () => {
    const items = [
      { quantity: 2, price: 149900 },
      { quantity: 1, price: 184900 },
    ];
    expect(cartCount(items)).toBe(3);
    expect(cartSubtotal(items)).toBe(2 * 149900 + 184900);
    expect(cartCount([])).toBe(0);
    expect(cartSubtotal([])).toBe(0);
  });
});

describe("mergeLines ('Merge Carts', docs/product.md §4)", () => {
  const line = (
    variant: CartLine["variant"],
    quantity: number,
    productNote = "",
    productId = "frame-1",
  ) => ({ productId, variant, quantity, productNote });

  it("sums quantities of the same product and variant and appends the rest in order", () => {
    const account = [line(a4Gloss, 1), line({}, 2, "", "tag-1")];
    const guest = [line(a3Matte, 1), line(a4Gloss, 2, "For Mum")];
    const { lines, overflow } = mergeLines(account, guest);
    expect(overflow).toEqual([]);
    expect(lines).toEqual([
      line(a4Gloss, 3, "For Mum"),
      line({}, 2, "", "tag-1"),
      line(a3Matte, 1),
    ]);
    expect(cartCount(lines)).toBe(6);
  });

  it("sums duplicates inside the incoming list too, capping each line", () => {
    const { lines } = mergeLines([], [line(a4Gloss, 60), line(a4Gloss, 60)]);
    expect(lines).toEqual([line(a4Gloss, MAX_LINE_QUANTITY)]);
  });

  it("lists new lines that do not fit", () => {
    const { lines, overflow } = mergeLines(
      [line(a4Gloss, 1)],
      [line(a3Matte, 1), line({}, 1, "", "tag-1")],
      2,
    );
    expect(lines).toHaveLength(2);
    expect(overflow).toEqual([line({}, 1, "", "tag-1")]);
  });
});

describe("resolveChoice (one choice per variant group)", () => {
  it("takes one option per group, with the catalogue's value and price", () => {
    const result = resolveChoice(frame, { Size: { id: "size-a3" }, Finish: { id: "fin-matte" } });
    expect(result).toEqual({ ok: true, variant: a3Matte, key: "fin-matte,size-a3", extra: 35000 });
  });

  it("refuses a missing group, an unknown option, an option of another group and an unknown group", () => {
    expect(resolveChoice(frame, { Size: { id: "size-a4" } })).toMatchObject({
      ok: false,
      code: "missing-choice",
      group: "Finish",
    });
    expect(
      resolveChoice(frame, { Size: { id: "size-a5" }, Finish: { id: "fin-gloss" } }),
    ).toMatchObject({ ok: false, code: "unknown-variant", group: "Size" });
    expect(
      resolveChoice(frame, { Size: { id: "fin-gloss" }, Finish: { id: "fin-gloss" } }),
    ).toMatchObject({ ok: false, code: "unknown-variant" });
    expect(resolveChoice(frame, { ...a4Gloss, Colour: { id: "x" } })).toMatchObject({
      ok: false,
      code: "unknown-group",
      group: "Colour",
    });
  });

  it("accepts no choice for a product without variants", () => {
    expect(resolveChoice({ name: "Tag", variants: [] }, {})).toEqual({
      ok: true,
      variant: {},
      key: "",
      extra: 0,
    });
  });
});

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
