/**
 * GET /feeds/google.xml against a real database (docs/decisions/0243-product-feeds.md): the feed is
 * parsed as XML and checked field by field against Google's product data specification (prices
 * with two decimals and the currency, absolute https links, plain-text descriptions, one item per
 * variant combination, no inactive product ever), cached and revalidated with an ETag (304), and
 * rebuilt when the catalogue changes. The Meta CSV: tests/feeds-meta.test.ts.
 */
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import { shopIdentity } from "~/server/shop-identity.server";
import { feedSummary } from "~/features/feeds/feeds.server";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { SITE, seedFeedCatalogue, useFeedSite } from "./helpers/feeds";
import { useTestDb } from "./helpers/suite-db";

const googleRoute = await import("~/pages/feeds/google.xml");
const summaryRoute = await import("~/pages/v2/admin/feeds");

type Item = Record<string, unknown>;

/** The feed's items, parsed by an XML parser (a malformed document fails here). */
function parseFeed(text: string): { channel: Item; items: Item[] } {
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === "item" || name === "g:additional_image_link",
    parseTagValue: false,
  }).parse(text);
  expect(doc.rss["@_version"]).toBe("2.0");
  expect(doc.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  const channel = doc.rss.channel as Item;
  return { channel, items: (channel.item as Item[] | undefined) ?? [] };
}

const PRICE = /^\d+\.\d{2} INR$/;

describe.each(dbKinds)("Google Merchant feed on %s", (kind) => {
  useFeedSite();
  const t = useTestDb(kind, seedFeedCatalogue);

  it("lists every variant combination of the active products with a photo, each field as Google takes it", async () => {
    const res = await call(googleRoute.GET, "/feeds/google.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const { items } = parseFeed(res.text);
    const brand = (await shopIdentity()).name;
    // plain 1, on-sale 1, variants 2 x 2; never hidden (inactive), svg-only or no-image.
    expect(items).toHaveLength(6);
    const ids = items.map((i) => i["g:id"] as string);
    expect(new Set(ids).size).toBe(6);
    for (const item of items) {
      for (const field of ["g:id", "g:title", "g:description", "g:link", "g:image_link"])
        expect(item[field], field).toBeTruthy();
      expect((item["g:id"] as string).length).toBeLessThanOrEqual(50);
      expect((item["g:title"] as string).length).toBeLessThanOrEqual(150);
      expect(item["g:price"]).toMatch(PRICE);
      if (item["g:sale_price"] !== undefined) expect(item["g:sale_price"]).toMatch(PRICE);
      expect(item["g:link"]).toMatch(new RegExp(`^${SITE}/products/product/`));
      expect(item["g:image_link"]).toMatch(/^https:\/\//);
      for (const url of (item["g:additional_image_link"] as string[] | undefined) ?? [])
        expect(url).toMatch(/^https:\/\/.+\.(jpg|png|webp)$/);
      expect(item["g:description"]).not.toMatch(/[<>]/);
      expect(item["g:availability"]).toBe("in stock");
      expect(item["g:condition"]).toBe("new");
      expect(item["g:brand"]).toBe(brand);
      expect(item["g:identifier_exists"]).toBe("no");
      expect(item["g:google_product_category"]).toBe("Home & Garden > Decor > Artwork");
      expect(item["g:product_type"]).toBe("Wall Art");
    }
    expect(ids.some((id) => /hidden|svg-only|no-image/.test(id))).toBe(false);
  });

  it("writes the plain product's description as text, its photos as absolute https addresses", async () => {
    const { items } = parseFeed((await call(googleRoute.GET, "/feeds/google.xml")).text);
    const plain = items.find((i) => i["g:id"] === "plain")!;
    expect(plain).toMatchObject({
      "g:title": "Ocean Wave Clock",
      "g:description": 'Ocean blue & gold, a "wave" clock',
      "g:link": `${SITE}/products/product/plain`,
      "g:image_link": `${SITE}/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/1280.jpg`,
      "g:additional_image_link": ["https://res.cloudinary.com/demo/image/upload/v1/back.png"],
      "g:price": "1499.00 INR",
      "g:shipping_weight": "1.25 kg",
    });
    expect(plain["g:sale_price"]).toBeUndefined();
    expect(plain["g:item_group_id"]).toBeUndefined();
  });

  it("gives the compare price as price and the lower price as sale_price", async () => {
    const { items } = parseFeed((await call(googleRoute.GET, "/feeds/google.xml")).text);
    const sale = items.find((i) => i["g:id"] === "on-sale")!;
    expect(sale["g:price"]).toBe("1499.00 INR");
    expect(sale["g:sale_price"]).toBe("999.00 INR");
    expect(sale["g:shipping_weight"]).toBeUndefined();
  });

  it("makes one item per variant combination in one item group, priced as the product page prices it", async () => {
    const { items } = parseFeed((await call(googleRoute.GET, "/feeds/google.xml")).text);
    const group = items.filter((i) => i["g:item_group_id"] === "variants");
    const shown = group.map((i) => ({
      title: i["g:title"],
      size: i["g:size"],
      detail: i["g:product_detail"],
      price: i["g:price"],
      sale: i["g:sale_price"],
      image: i["g:image_link"],
      link: i["g:link"],
    }));
    const link = (...ids: string[]) =>
      `${SITE}/products/product/variants?${ids.map((id) => `option=${id}`).join("&")}`;
    const finish = (value: string) => ({
      "g:attribute_name": "Finish",
      "g:attribute_value": value,
    });
    const plainImage = `${SITE}/media/cccccccccccccccccccccccccccccccc/1280.png`;
    const matteImage = `${SITE}/media/0123456789abcdef0123456789abcdef/1280.jpg`;
    expect(shown).toEqual([
      // 1000.00 + 0: under the 1200.00 compare price, so on sale.
      {
        title: "Piece variants - A4, Gloss",
        size: "A4",
        detail: finish("Gloss"),
        price: "1200.00 INR",
        sale: "1000.00 INR",
        image: plainImage,
        link: link("v-a4", "v-gloss"),
      },
      // 1000.00 + 200.00 equals the compare price: not a sale.
      {
        title: "Piece variants - A4, Matte",
        size: "A4",
        detail: finish("Matte"),
        price: "1200.00 INR",
        sale: undefined,
        image: matteImage,
        link: link("v-a4", "v-matte"),
      },
      // 1500.00 is above the compare price: no sale.
      {
        title: "Piece variants - A3, Gloss",
        size: "A3",
        detail: finish("Gloss"),
        price: "1500.00 INR",
        sale: undefined,
        image: plainImage,
        link: link("v-a3", "v-gloss"),
      },
      {
        title: "Piece variants - A3, Matte",
        size: "A3",
        detail: finish("Matte"),
        price: "1700.00 INR",
        sale: undefined,
        image: matteImage,
        link: link("v-a3", "v-matte"),
      },
    ]);
  });

  it("is kept with an ETag, answers 304 while unchanged, and drops a product the moment it is switched off", async () => {
    const first = await call(googleRoute.GET, "/feeds/google.xml");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const again = await call(googleRoute.GET, "/feeds/google.xml", {
      headers: { "if-none-match": etag! },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const zipped = await call(googleRoute.GET, "/feeds/google.xml", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");

    await t.db.transaction(async (tx) => {
      await tx
        .update(schema.products)
        .set({ status: "inactive" })
        .where(eq(schema.products.id, "plain"));
      await bumpCatalogueVersion(tx);
    });
    const after = await call(googleRoute.GET, "/feeds/google.xml", {
      headers: { "if-none-match": etag! },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const ids = parseFeed(after.text).items.map((i) => i["g:id"]);
    expect(ids).not.toContain("plain");
    expect(ids).toHaveLength(5);
  });

  it("tells the owner the addresses to paste and which active products are left out", async () => {
    const summary = await feedSummary(t.db);
    expect(summary.feeds).toEqual([
      { kind: "google", url: `${SITE}/feeds/google.xml` },
      { kind: "meta", url: `${SITE}/feeds/meta.csv` },
    ]);
    expect(summary.leftOut.sort()).toEqual(["Piece no-image", "Piece svg-only"]);
    // The test above switched "plain" off: on-sale (1 item) and variants (4) are listed.
    expect(summary).toMatchObject({ activeProducts: 4, listedProducts: 2, items: 5 });
    const anonymous = await call(summaryRoute.GET, "/v2/admin/feeds");
    expect(anonymous.status).toBe(401);
  });
});
