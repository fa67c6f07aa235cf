import { describe, expect, it } from "vitest";
import { categoryCardHtml, categoryHref, categoryTrackHtml, escapeHtml, HOME_FALLBACK_IMAGE, homeProductImage, productCardHtml } from "./cards";
import { nextOffset } from "./carousels";

const category = { id: "Wall Art", slug: "wall-art", name: null, img: "/images/categories/wall-art.svg" };

describe("home cards", () => {
  it("links a collection to /products?category={slug}", () => {
    expect(categoryHref("wall art&more")).toBe("/products?category=wall%20art%26more");
    expect(categoryCardHtml(category)).toContain('href="/products?category=wall-art"');
    expect(categoryCardHtml(category)).toContain(">Wall Art<"); // id as the label when no name
  });

  it("renders every collection twice, the copy hidden from assistive tech", () => {
    const html = categoryTrackHtml([category, { ...category, id: "Frames", slug: "frames" }]);
    expect(html.match(/<a /g)).toHaveLength(4);
    expect(html.match(/aria-hidden="true" tabindex="-1" data-duplicate/g)).toHaveLength(2);
  });

  it("uses the first image, or the fallback", () => {
    const product = { id: "p1", name: "Ocean Frame", images: [{ url: "/a.svg", alt: "" }, { url: "/b.svg", alt: "b" }] };
    expect(homeProductImage(product)).toEqual({ url: "/a.svg", alt: "Ocean Frame" });
    expect(homeProductImage({ ...product, images: [] })).toEqual({ url: HOME_FALLBACK_IMAGE, alt: "Ocean Frame" });
    expect(productCardHtml({ ...product, images: [] })).toContain(`src="${HOME_FALLBACK_IMAGE}"`);
    expect(productCardHtml(product)).toContain('href="/products/product/p1"');
    expect(productCardHtml(product)).toMatch(/width="\d+" height="\d+" loading="lazy"/);
  });

  it("escapes every value", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const html = productCardHtml({ id: 'x"><script>', name: "<img onerror=alert(1)>", images: [] });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img onerror");
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
