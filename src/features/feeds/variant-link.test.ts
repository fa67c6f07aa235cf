import { describe, expect, it } from "vitest";
import type { Variant } from "~/features/catalogue/catalogue";
import { selectionFromAddress, variantLink } from "./variant-link";

const v = (id: string, name: string): Variant => ({ id, name, value: id, price: 0, images: [] });
const variants = [v("a4", "Size"), v("a3", "Size"), v("gloss", "Finish"), v("matte", "Finish")];

describe("a feed item's address", () => {
  it("names each chosen option on the product page's address", () => {
    expect(
      variantLink("https://shop.example/products/product/p", [
        v("a3", "Size"),
        v("matte", "Finish"),
      ]),
    ).toBe("https://shop.example/products/product/p?option=a3&option=matte");
    expect(variantLink("https://shop.example/products/product/p", [])).toBe(
      "https://shop.example/products/product/p",
    );
  });

  it("opens the page with those options, the first of any group it leaves out", () => {
    expect(selectionFromAddress(variants, new URLSearchParams("option=matte"))).toEqual({
      Size: "a4",
      Finish: "matte",
    });
    expect(selectionFromAddress(variants, new URLSearchParams("option=a3&option=matte"))).toEqual({
      Size: "a3",
      Finish: "matte",
    });
  });

  it("leaves the page's own default when the address names none of the product's options", () => {
    expect(selectionFromAddress(variants, new URLSearchParams(""))).toBeUndefined();
    expect(selectionFromAddress(variants, new URLSearchParams("option=nope"))).toBeUndefined();
  });
});
