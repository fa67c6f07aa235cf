/** The reviews' pure rules (docs/decisions/0100-reviews.md): markup, names, the page's address. */
import { describe, expect, it } from "vitest";
import { readReviewsQuery, reviewsHref, reviewsJsonLd } from "./product-reviews.server";
import { authorLabel, hasMarkup, roundRating } from "./reviews";
import { reviewSchema } from "./reviews.schema";
import { cityInitial } from "./reviews.server";

describe("reviews", () => {
  it("refuses markup but not a plain less-than", () => {
    for (const text of [
      "<script>x</script>",
      "a <b>bold</b> claim",
      "</p>",
      "<!-- x -->",
      "< img src=x>",
    ])
      expect(hasMarkup(text), text).toBe(true);
    for (const text of ["5 < 6 and 7 > 3", "I <3 it", "price <= 500"])
      expect(hasMarkup(text), text).toBe(false);
  });

  it("names the writer by first name only (the city initial read as a surname)", () => {
    expect(authorLabel("Meera", "P")).toBe("Meera");
    expect(authorLabel("A customer", "")).toBe("A customer");
    expect(cityInitial("  pune")).toBe("P");
    expect(cityInitial("बेंगलुरु")).toBe("ब");
    expect(cityInitial("")).toBe("");
    expect(roundRating(4.349)).toBe(4.3);
  });

  it("checks the body with the form's schema", () => {
    const ok = reviewSchema.safeParse({
      productId: "p1",
      orderId: "o1",
      rating: 3,
      title: " Nice ",
      body: "Good",
    });
    expect(ok.success && ok.data).toMatchObject({ title: "Nice", photos: [] });
    expect(
      reviewSchema.safeParse({ productId: "p1", orderId: "o1", rating: 0, title: "x", body: "y" })
        .success,
    ).toBe(false);
  });

  it("reads the order and page from the address, and writes them back", () => {
    const url = new URL("http://x/products/product/p1?reviews=helpful&rpage=3&utm=a");
    expect(readReviewsQuery(url)).toEqual({ sort: "helpful", page: 2 });
    expect(readReviewsQuery(new URL("http://x/p?reviews=evil&rpage=-1"))).toEqual({
      sort: "newest",
      page: 0,
    });
    expect(readReviewsQuery(new URL("http://x/p?rpage=1.5"))).toEqual({ sort: "newest", page: 0 });
    expect(reviewsHref(url, "newest", 0)).toBe("/products/product/p1?utm=a#reviews");
    expect(reviewsHref(url, "helpful", 1)).toBe(
      "/products/product/p1?utm=a&reviews=helpful&rpage=2#reviews",
    );
    expect(reviewsJsonLd([])).toEqual({});
  });
});
