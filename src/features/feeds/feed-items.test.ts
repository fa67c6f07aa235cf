import { describe, expect, it } from "vitest";
import type { Product } from "~/features/catalogue/catalogue";
import { testProduct } from "~/features/catalogue/product.fixtures";
import {
  combinations,
  feedId,
  feedItems,
  feedPrice,
  isRasterImage,
  MAX_COMBINATIONS,
} from "./feed-items";
import { escapeXml } from "./google-feed";
import { csvCell } from "./meta-feed";
import { plainText } from "./plain-text";

const product = (extra: Partial<Product> = {}): Product =>
  testProduct({
    name: "Agate Coasters",
    description: "Set of four",
    weight: 0.4,
    images: [
      {
        id: "i",
        url: "/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/1280.jpg",
        alt: "",
        isPrimary: true,
      },
    ],
    ...extra,
  });
const context = { siteUrl: "https://shop.example", brand: "Resin Tales" };

describe("feed items", () => {
  it("prices with two decimals and the currency code", () => {
    expect(feedPrice(149900)).toBe("1499.00 INR");
    expect(feedPrice(5)).toBe("0.05 INR");
  });

  it("never lists an inactive product", () => {
    expect(feedItems(product({ status: "inactive" }), context)).toEqual([]);
  });

  it("needs a photo Google and Meta can show (no SVG)", () => {
    expect(isRasterImage("/images/products/x.svg")).toBe(false);
    expect(isRasterImage("/media/a/960.webp?x=1")).toBe(true);
    expect(isRasterImage("https://res.cloudinary.com/demo/image/upload/v1/x")).toBe(true);
    const svg = [{ id: "i", url: "/images/x.svg", alt: "", isPrimary: true }];
    expect(feedItems(product({ images: svg }), context)).toEqual([]);
  });

  it("keeps ids within Google's 50 characters, stable for the same text", () => {
    const long = "x".repeat(80);
    expect(feedId(long)).toHaveLength(50);
    expect(feedId(long)).toBe(feedId(long));
    expect(feedId(`${long}y`)).not.toBe(feedId(long));
    expect(feedId("short")).toBe("short");
  });

  it("makes every combination, capped", () => {
    const variants = ["a", "b", "c"].flatMap((group) =>
      Array.from({ length: 5 }, (_, i) => ({ name: group, id: `${group}${i}` })),
    );
    expect(combinations(variants.slice(0, 10))).toHaveLength(25);
    expect(combinations(variants)).toHaveLength(MAX_COMBINATIONS);
    expect(combinations([])).toEqual([[]]);
  });

  it("uses the product's own words when the description is blank", () => {
    const [item] = feedItems(product({ description: " <p></p> " }), context);
    expect(item!.description).toBe("Agate Coasters, handmade in resin.");
    expect(item!.shippingWeight).toBe("0.4 kg");
  });
});

describe("plain text and escaping", () => {
  it("drops tags, scripts and comments and decodes entities without bringing tags back", () => {
    expect(plainText("<h2>Big</h2><p>A &amp; B&nbsp;&#8377;10 &lt;b&gt;x&lt;/b&gt;</p>")).toBe(
      "Big A & B ₹10 x",
    );
    expect(plainText("<style>p{}</style>1 < 2<!-- hidden -->")).toBe("1 < 2");
  });

  it("escapes XML and drops characters XML cannot hold", () => {
    expect(escapeXml(`a<b>&"c'\u0007`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
  });

  it("quotes CSV cells that need it", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });
});
