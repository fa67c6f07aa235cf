import { describe, expect, it } from "vitest";
import { FALLBACK_PRODUCT_IMAGE } from "~/features/catalogue/catalogue";
import { categoryHref, homeProductImage } from "./cards";
import { nextOffset } from "./carousels";

describe("home cards", () => {
  it("links a collection to /products?category={slug}", () => {
    expect(categoryHref("wall art&more")).toBe("/products?category=wall%20art%26more");
    expect(categoryHref("wall-art")).toBe("/products?category=wall-art");
  });

  it("uses the first image, or the fallback", () => {
    const product = {
      id: "p1",
      name: "Ocean Frame",
      images: [
        { url: "/a.svg", alt: "" },
        { url: "/b.svg", alt: "b" },
      ],
    };
    expect(homeProductImage(product)).toEqual({ url: "/a.svg", alt: "Ocean Frame" });
    expect(homeProductImage({ ...product, images: [{ url: "/c.svg", alt: "Side view" }] })).toEqual(
      { url: "/c.svg", alt: "Side view" },
    );
    expect(homeProductImage({ ...product, images: [] })).toEqual({
      url: FALLBACK_PRODUCT_IMAGE,
      alt: "Ocean Frame",
    });
  });
});

describe("collection carousel step", () => {
  it("advances 0.5 px per frame and wraps at half the track width", () => {
    expect(nextOffset(0, 0.5, 100)).toBe(0.5);
    expect(nextOffset(99.5, 0.5, 100)).toBe(0);
    expect(nextOffset(99.8, 0.5, 100)).toBeCloseTo(0.3);
    expect(nextOffset(10, 0.5, 0)).toBe(0);
  });
});
