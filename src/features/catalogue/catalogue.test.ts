import { describe, expect, it } from "vitest";
import {
  chosenVariants,
  defaultSelection,
  detailPrice,
  effectiveListPrice,
  firstImage,
  FALLBACK_PRODUCT_IMAGE,
  listUrl,
  pathCategory,
  productCard,
  productJsonLd,
  variantGroups,
  type Product,
  type Variant,
} from "./catalogue";
import { filterProducts } from "./typo-search";
import { productListQuery } from "./catalogue.schema";
import { testProduct } from "./product.fixtures";

const v = (id: string, name: string, value: string, price: number): Variant => ({
  id,
  name,
  value,
  price,
  images: [],
});

function product(overrides: Partial<Product> = {}): Product {
  return testProduct({
    name: "Ocean Wave Frame",
    description: "Blue resin waves around your photo.",
    comparePrice: 199900,
    category: { id: "Frames", name: "Frames", slug: "frames" },
    tags: ["ocean", "gift"],
    weight: 0.75,
    processingDays: 20,
    images: [{ id: "i1", url: "/images/p1.jpg", alt: "Ocean frame", isPrimary: true }],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  });
}

const sizeA4 = v("s1", "Size", "A4", 0);
const sizeA3 = v("s2", "Size", "A3", 50000);
const finishGold = v("f1", "Finish", "Gold flakes", 20000);
const finishSilver = v("f2", "Finish", "Silver flakes", 10000);

describe("variantGroups", () => {
  it("groups options by name in first-seen order, keeping option order", () => {
    const groups = variantGroups([finishGold, sizeA4, finishSilver, sizeA3]);
    expect(groups.map(([name]) => name)).toEqual(["Finish", "Size"]);
    expect(groups[0]![1].map((o) => o.id)).toEqual(["f1", "f2"]);
    expect(groups[1]![1].map((o) => o.id)).toEqual(["s1", "s2"]);
  });

  it("is empty without variants", () => {
    expect(variantGroups([])).toEqual([]);
  });
});

describe("effectiveListPrice", () => {
  it("is the base price when there are no variants", () => {
    expect(effectiveListPrice({ price: 149900, variants: [] })).toBe(149900);
  });

  it("adds one additional price per distinct variant name (the first option of each group)", () => {
    // Size's first option adds 0, Finish's first option adds 20000; the other options are not summed.
    expect(
      effectiveListPrice({ price: 100000, variants: [sizeA4, sizeA3, finishGold, finishSilver] }),
    ).toBe(120000);
    expect(
      effectiveListPrice({ price: 100000, variants: [sizeA3, sizeA4, finishSilver, finishGold] }),
    ).toBe(160000);
  });
});

describe("detailPrice", () => {
  it("is the base plus every chosen option", () => {
    expect(detailPrice({ price: 100000 }, [])).toBe(100000);
    expect(detailPrice({ price: 100000 }, [sizeA3, finishGold])).toBe(170000);
  });

  it("follows the selection through chosenVariants", () => {
    const variants = [sizeA4, sizeA3, finishGold, finishSilver];
    const start = defaultSelection(variants);
    expect(start).toEqual({ Size: "s1", Finish: "f1" });
    expect(detailPrice({ price: 100000 }, chosenVariants(variants, start))).toBe(
      effectiveListPrice({ price: 100000, variants }),
    );
    const changed = { ...start, Size: "s2", Finish: "f2" };
    expect(detailPrice({ price: 100000 }, chosenVariants(variants, changed))).toBe(160000);
  });

  it("ignores unknown ids and ungrouped choices", () => {
    expect(chosenVariants([sizeA4], { Size: "nope", Colour: "x" })).toEqual([]);
  });
});

describe("list helpers", () => {
  it("builds a card with the effective price and the first image, or the fallback", () => {
    const card = productCard(product({ price: 100000, variants: [finishSilver] }));
    expect(card).toMatchObject({
      id: "p1",
      price: 110000,
      comparePrice: 199900,
      image: { url: "/images/p1.jpg" },
    });
    expect(firstImage(product({ images: [] })).url).toBe(FALLBACK_PRODUCT_IMAGE);
  });

  it("filters by category slug and by a case-insensitive search over name, description, tags and category", () => {
    const list = [
      product({ id: "a", name: "Ocean Frame" }),
      product({
        id: "b",
        name: "Luggage Tag",
        description: "Travel",
        tags: ["Travel"],
        category: { id: "Tags", name: "Tags", slug: "tags" },
      }),
    ];
    expect(filterProducts(list, { category: "tags" }).map((p) => p.id)).toEqual(["b"]);
    expect(filterProducts(list, { q: "  OCEAN " }).map((p) => p.id)).toEqual(["a"]);
    expect(filterProducts(list, { q: "travel" }).map((p) => p.id)).toEqual(["b"]);
    expect(filterProducts(list, { q: "frames" }).map((p) => p.id)).toEqual(["a"]);
    expect(filterProducts(list, { category: "tags", q: "ocean" })).toEqual([]);
    expect(filterProducts(list, {})).toHaveLength(2);
  });

  it("keeps the category in the path only while it is the path's own", () => {
    expect(pathCategory("/products/wall-art")).toBe("wall-art");
    expect(pathCategory("/products")).toBeNull();
    expect(pathCategory("/products/product")).toBeNull();
    expect(listUrl("/products", { category: "frames", q: "" })).toBe("/products?category=frames");
    expect(listUrl("/products/frames", { category: "frames", q: "gold" })).toBe(
      "/products/frames?q=gold",
    );
    expect(listUrl("/products/frames", { category: "tags", q: "" })).toBe(
      "/products?category=tags",
    );
    expect(listUrl("/products/frames", { category: null, q: "" })).toBe("/products");
  });

  it("parses the list query with defaults and rejects bad values", () => {
    expect(productListQuery.parse({})).toMatchObject({ limit: 0, offset: 0, status: "active" });
    expect(productListQuery.safeParse({ limit: "-1" }).success).toBe(false);
    expect(productListQuery.safeParse({ limit: "abc" }).success).toBe(false);
    expect(productListQuery.safeParse({ status: "deleted" }).success).toBe(false);
  });
});

describe("productJsonLd", () => {
  it("offers the list price in rupees with 2 decimals, INR, and stock from the status", () => {
    const data = productJsonLd(
      product({ price: 149950, variants: [finishSilver] }),
      "https://shop.example/",
    );
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Ocean Wave Frame",
      sku: "SKU-1",
      url: "https://shop.example/products/product/p1",
      image: ["https://shop.example/images/p1.jpg"],
      offers: {
        "@type": "Offer",
        price: "1599.50",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
      },
    });
    const inactive = productJsonLd(product({ status: "inactive" }), "https://shop.example");
    expect((inactive.offers as { availability: string }).availability).toBe(
      "https://schema.org/OutOfStock",
    );
  });
});
