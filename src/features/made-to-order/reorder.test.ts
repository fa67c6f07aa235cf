import { describe, expect, it } from "vitest";
import type { OrderItemJson } from "~/features/orders/orders";
import { reorderLine, reorderPlan, type TodaysProduct } from "./reorder";

const nameplate: TodaysProduct = {
  id: "p-name",
  name: "Resin nameplate",
  status: "active",
  pricePaise: 129900,
  weightGrams: 500,
  image: "/media/n.webp",
  variants: [
    { id: "v-s", name: "Size", value: "Small", price: 0 },
    { id: "v-l", name: "Size", value: "Large", price: 30000 },
  ],
};

const ordered = (extra: Partial<OrderItemJson> = {}): OrderItemJson => ({
  id: "i1",
  productId: "p-name",
  product: { name: "Resin nameplate", image: "", weight: 0.5 },
  variant: { Size: { id: "v-l", value: "Large", price: 30000 } },
  quantity: 2,
  price: 159900,
  productNote: "The Sharma Family",
  ...extra,
});

describe("order again", () => {
  it("the same product, option, quantity and note, nothing to say when nothing changed", () => {
    const line = reorderLine(ordered(), nameplate);
    expect(line.changes).toEqual([]);
    expect(line.draft).toEqual({
      productId: "p-name",
      variant: { Size: { id: "v-l", value: "Large", price: 30000 } },
      quantity: 2,
      price: 159900,
      product: { name: "Resin nameplate", image: "/media/n.webp", weight: 0.5 },
      productNote: "The Sharma Family",
    });
  });

  it("says the price changed and takes today's", () => {
    const line = reorderLine(ordered(), { ...nameplate, pricePaise: 139900 });
    expect(line.draft?.price).toBe(169900);
    expect(line.changes).toEqual(['"Resin nameplate": ₹1,599.00 then, ₹1,699.00 today.']);
  });

  it("an option re-created with a new id is found by its value", () => {
    const product = {
      ...nameplate,
      variants: [{ id: "v-l2", name: "Size", value: "Large", price: 30000 }],
    };
    expect(reorderLine(ordered(), product).draft?.variant).toEqual({
      Size: { id: "v-l2", value: "Large", price: 30000 },
    });
  });

  it("an option no longer sold, a new option group, a product gone or hidden, a quote's line: not added, said why", () => {
    const gone = { ...nameplate, variants: [nameplate.variants[0]!] };
    expect(reorderLine(ordered(), gone)).toEqual({
      name: "Resin nameplate",
      draft: null,
      changes: [
        '"Resin nameplate": the Size "Large" is no longer sold; choose another on its page.',
      ],
    });
    const newGroup = {
      ...nameplate,
      variants: [...nameplate.variants, { id: "v-g", name: "Finish", value: "Gloss", price: 0 }],
    };
    expect(reorderLine(ordered(), newGroup).changes).toEqual([
      '"Resin nameplate" now asks for a Finish: choose one on its page.',
    ]);
    expect(reorderLine(ordered(), undefined).changes).toEqual([
      '"Resin nameplate" is no longer sold.',
    ]);
    expect(reorderLine(ordered(), { ...nameplate, status: "inactive" }).draft).toBeNull();
    expect(reorderLine(ordered({ productId: null }), undefined).changes).toEqual([
      '"Resin nameplate" was made to a quote: ask us for a new one.',
    ]);
  });

  it("an option group dropped since: added without it, and said", () => {
    const plain = { ...nameplate, variants: [] };
    const line = reorderLine(ordered(), plain);
    expect(line.draft?.variant).toEqual({});
    expect(line.changes).toEqual([
      '"Resin nameplate" no longer has a Size (you chose "Large").',
      '"Resin nameplate": ₹1,599.00 then, ₹1,299.00 today.',
    ]);
  });

  it("a plan says whether anything can be added", () => {
    const products = new Map([["p-name", nameplate]]);
    expect(reorderPlan([ordered()], products).any).toBe(true);
    expect(reorderPlan([ordered({ productId: "gone" })], products).any).toBe(false);
  });
});
