/**
 * The cart's pure rules (docs/product.md §4): a line's identity, adding to a guest cart, the count
 * and subtotal, 'Merge Carts' and one choice per variant group. The shared schema, the browser's
 * zod build and the guest cart's storage: cart-schema.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  addLine,
  cartCount,
  cartSubtotal,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeLines,
  removeLine,
  variantKey,
  type CartLine,
} from "./cart";
import { resolveChoice } from "./resolve-choice";
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
