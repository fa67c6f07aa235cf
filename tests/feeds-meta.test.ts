/**
 * GET /feeds/meta.csv against a real database (docs/decisions/0243-product-feeds.md): parsed by a
 * CSV reader and checked column by column against Meta's commerce catalogue fields (the same items
 * as the Google feed: tests/feeds.test.ts), with an ETag and 304.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { META_COLUMNS, type MetaColumn } from "~/features/feeds/meta-feed";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { SITE, seedFeedCatalogue, useFeedSite } from "./helpers/feeds";
import { useTestDb } from "./helpers/suite-db";

const metaRoute = await import("~/pages/feeds/meta.csv");

function rows(text: string): Record<MetaColumn, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true }) as Record<MetaColumn, string>[];
}

const PRICE = /^\d+\.\d{2} INR$/;

describe.each(dbKinds)("Meta catalogue feed on %s", (kind) => {
  useFeedSite();
  useTestDb(kind, seedFeedCatalogue);

  it("has Meta's columns and one row per variant combination of the active products with a photo", async () => {
    const res = await call(metaRoute.GET, "/feeds/meta.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.text.split("\r\n")[0]).toBe(META_COLUMNS.join(","));
    const table = rows(res.text);
    expect(table.map((r) => r.id).sort()).toEqual(expect.arrayContaining(["on-sale", "plain"]));
    expect(table).toHaveLength(6);
    for (const row of table) {
      expect(row.availability).toBe("in stock");
      expect(row.condition).toBe("new");
      expect(row.price).toMatch(PRICE);
      if (row.sale_price) expect(row.sale_price).toMatch(PRICE);
      expect(row.link.startsWith(`${SITE}/products/product/`)).toBe(true);
      expect(row.image_link).toMatch(/^https:\/\//);
      expect(row.description).not.toMatch(/[<>]/);
      expect(row.brand).not.toBe("");
      expect(row.id.length).toBeLessThanOrEqual(50);
    }
    expect(table.some((r) => /hidden|svg-only|no-image/.test(r.id))).toBe(false);
  });

  it("quotes a description with commas and quotes so it reads back whole", async () => {
    const table = rows((await call(metaRoute.GET, "/feeds/meta.csv")).text);
    expect(table.find((r) => r.id === "plain")).toMatchObject({
      title: "Ocean Wave Clock",
      description: 'Ocean blue & gold, a "wave" clock',
      price: "1499.00 INR",
      sale_price: "",
      item_group_id: "",
      shipping_weight: "1.25 kg",
      additional_image_link: "https://res.cloudinary.com/demo/image/upload/v1/back.png",
    });
    expect(table.find((r) => r.id === "on-sale")).toMatchObject({
      price: "1499.00 INR",
      sale_price: "999.00 INR",
    });
    const group = table.filter((r) => r.item_group_id === "variants");
    expect(group.map((r) => [r.size, r.price, r.sale_price])).toEqual([
      ["A4", "1200.00 INR", "1000.00 INR"],
      ["A4", "1200.00 INR", ""],
      ["A3", "1500.00 INR", ""],
      ["A3", "1700.00 INR", ""],
    ]);
  });

  it("answers 304 to the ETag it gave while the catalogue is unchanged", async () => {
    const first = await call(metaRoute.GET, "/feeds/meta.csv");
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const again = await call(metaRoute.GET, "/feeds/meta.csv", {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });
});
