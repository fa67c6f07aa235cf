import { describe, expect, it } from "vitest";
import type { Product } from "~/features/catalogue/catalogue";
import { testProduct } from "~/features/catalogue/product.fixtures";
import { PREVIEW_WIDTH, previewImage, productSocialTags } from "./social-tags";

const product = (extra: Partial<Product> = {}): Product =>
  testProduct({
    id: "agate-clock",
    name: "Agate Clock",
    variants: [{ id: "v", name: "Size", value: "12 in", price: 30000, images: [] }],
    weight: 1,
    sku: "S",
    ...extra,
  });

describe("link preview image", () => {
  const hash = "a".repeat(32);

  it("takes a JPEG upload's stored JPEG at the preview width", () => {
    expect(previewImage({ url: `/media/${hash}/1280.jpg`, alt: "" }, "Clock")).toEqual({
      url: `/media/${hash}/${PREVIEW_WIDTH}.jpg`,
      type: "image/jpeg",
      alt: "Clock",
    });
  });

  it("never asks for a width the upload was not stored in", () => {
    expect(previewImage({ url: `/media/${hash}/500.jpg`, alt: "Front" }, "Clock")?.url).toBe(
      `/media/${hash}/500.jpg`,
    );
  });

  it("takes a PNG upload's smaller WebP copy", () => {
    expect(previewImage({ url: `/media/${hash}/1280.png`, alt: "" }, "Clock")).toMatchObject({
      url: `/media/${hash}/${PREVIEW_WIDTH}.webp`,
      type: "image/webp",
    });
  });

  it("asks Cloudinary for a JPEG at 1200 px", () => {
    const url = "https://res.cloudinary.com/demo/image/upload/v1/shop/clock.png";
    expect(previewImage({ url, alt: "" }, "Clock")?.url).toBe(
      "https://res.cloudinary.com/demo/image/upload/c_limit,w_1200,f_jpg,q_auto/v1/shop/clock.png",
    );
  });

  it("gives none for SVG artwork (the shell's default picture shows)", () => {
    expect(previewImage({ url: "/images/products/clock.svg", alt: "" }, "Clock")).toBeNull();
    expect(previewImage(undefined, "Clock")).toBeNull();
  });
});

describe("product link preview tags", () => {
  it("gives the list price with its currency, and Twitter's title, image and price", () => {
    const image = { url: "/media/x/960.jpg", type: "image/jpeg", alt: "Clock" };
    const tags = productSocialTags(product(), {
      title: "Agate Clock",
      description: "Handmade",
      image,
      siteUrl: "https://shop.example",
    });
    const value = (key: string) => tags.find((t) => t.key === key)?.content;
    // 1499.00 + the first size's 300.00, as the product list and the structured data price it.
    expect(value("product:price:amount")).toBe("1799.00");
    expect(value("product:price:currency")).toBe("INR");
    expect(value("og:price:amount")).toBe("1799.00");
    expect(value("product:availability")).toBe("in stock");
    expect(value("og:image:type")).toBe("image/jpeg");
    expect(value("twitter:title")).toBe("Agate Clock");
    expect(value("twitter:image")).toBe("https://shop.example/media/x/960.jpg");
    expect(value("twitter:data1")).toBe("₹1,799.00");
    expect(
      tags.filter((t) => t.key.startsWith("twitter:")).every((t) => t.attribute === "name"),
    ).toBe(true);
    expect(
      tags.filter((t) => !t.key.startsWith("twitter:")).every((t) => t.attribute === "property"),
    ).toBe(true);
  });
});
