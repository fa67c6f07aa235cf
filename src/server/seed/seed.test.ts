import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, dbKinds, type TestDb } from "../../../tests/helpers/db";
import type { Db } from "~/server/db/client";
import {
  categories,
  homeProducts,
  productAttributes,
  productImages,
  products,
  productTags,
  productVariants,
} from "~/server/db/schema";
import { renderProductSvg } from "./artwork";
import {
  HOME_PRODUCT_IDS,
  productImages as seedImages,
  SEED_CATEGORIES,
  SEED_PRODUCTS,
} from "./catalogue-data";
import { makeCategory, makeProduct } from "./factories";
import { seedDemoCatalogue } from "./seed.server";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../public");
const COLLECTIONS = [
  "Frames",
  "Luggage Tags",
  "Nameplates",
  "Wall Art",
  "Custom Keepsakes",
  "Varmala Preservation",
];

async function counts(db: Db) {
  const one = async (
    table:
      | typeof categories
      | typeof products
      | typeof productVariants
      | typeof productImages
      | typeof productAttributes
      | typeof productTags
      | typeof homeProducts,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    categories: await one(categories),
    products: await one(products),
    variants: await one(productVariants),
    images: await one(productImages),
    attributes: await one(productAttributes),
    tags: await one(productTags),
    home: await one(homeProducts),
  };
}

describe("demo catalogue data", () => {
  it("has unique ids and SKUs, sane money and weights", () => {
    expect(new Set(SEED_PRODUCTS.map((p) => p.id)).size).toBe(SEED_PRODUCTS.length);
    expect(new Set(SEED_PRODUCTS.map((p) => p.sku)).size).toBe(SEED_PRODUCTS.length);
    for (const p of SEED_PRODUCTS) {
      expect(Number.isInteger(p.pricePaise) && p.pricePaise > 0, p.id).toBe(true);
      expect(Number.isInteger(p.weightGrams) && p.weightGrams > 0, p.id).toBe(true);
      expect(p.comparePricePaise === 0 || p.comparePricePaise >= p.pricePaise, p.id).toBe(true);
      // No invented ratings: a product's figures come from published reviews (decision 0100).
      expect("rating" in p, p.id).toBe(false);
      const options = p.variants.map((v) => `${v.name}|${v.value}`);
      expect(new Set(options).size, p.id).toBe(options.length);
      expect(
        SEED_CATEGORIES.some((c) => c.id === p.categoryId),
        p.id,
      ).toBe(true);
    }
    // createdAt order is meaningful: no two products share an age
    expect(new Set(SEED_PRODUCTS.map((p) => p.ageDays)).size).toBe(SEED_PRODUCTS.length);
  });

  it("draws the same picture from the same seed, small and self-contained", () => {
    const p = SEED_PRODUCTS[0];
    if (!p) throw new Error("no products");
    const a = renderProductSvg(p.art, p.id, p.alt);
    expect(renderProductSvg(p.art, p.id, p.alt)).toBe(a);
    expect(a).toContain('viewBox="0 0 800 800"');
    expect(a).not.toMatch(/<image|https?:\/\/(?!www\.w3\.org)|@font-face/);
  });

  it("ships every generated picture under public/, each under 25 KB", () => {
    const files = [
      "images/fallback-product.svg",
      "images/default-category.svg",
      "images/og-default.svg",
      "favicon.svg",
      ...SEED_CATEGORIES.map((c) => c.img.slice(1)),
      ...SEED_PRODUCTS.flatMap((p) => seedImages(p).map((i) => i.file)),
    ];
    for (const file of files) {
      const full = path.join(publicDir, file);
      expect(existsSync(full), file).toBe(true);
      expect(readFileSync(full).length, file).toBeLessThan(25 * 1024);
    }
  });
});

describe.each(dbKinds)("seedDemoCatalogue on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("seeds an empty database with at least 30 products across the six collections", async () => {
    const result = await seedDemoCatalogue(t.db);
    expect(result.seeded).toBe(true);
    expect(result.products).toBeGreaterThanOrEqual(30);
    const rows = await t.db.select().from(products);
    expect(rows.length).toBe(result.products);
    for (const collection of COLLECTIONS) {
      expect(
        rows.filter((p) => p.categoryId === collection).length,
        collection,
      ).toBeGreaterThanOrEqual(3);
    }
    expect(rows.filter((p) => p.status === "inactive").length).toBeGreaterThanOrEqual(1);
    expect(
      rows.every(
        (p) => Number.isInteger(p.pricePaise) && p.sale === p.comparePricePaise > p.pricePaise,
      ),
    ).toBe(true);
  });

  it("gives every collection a picture and a show flag", async () => {
    const rows = await t.db.select().from(categories);
    expect(rows.map((c) => c.id)).toEqual(expect.arrayContaining(COLLECTIONS));
    for (const c of rows) {
      expect(c.img, c.id).toMatch(/^\/images\/categories\/.+\.svg$/);
      expect([0, 1]).toContain(c.show);
      expect(existsSync(path.join(publicDir, c.img)), c.img).toBe(true);
    }
    for (const id of COLLECTIONS) expect(rows.find((c) => c.id === id)?.show).toBe(1);
  });

  it("lists at most 8 active products on the homepage", async () => {
    const home = await t.db
      .select({
        id: homeProducts.productId,
        position: homeProducts.position,
        status: products.status,
      })
      .from(homeProducts)
      .innerJoin(products, eq(products.id, homeProducts.productId))
      .orderBy(homeProducts.position);
    expect(home.length).toBeGreaterThan(0);
    expect(home.length).toBeLessThanOrEqual(8);
    expect(home.every((h) => h.status === "active")).toBe(true);
    expect(home.map((h) => h.id)).toEqual([...HOME_PRODUCT_IDS]);
  });

  it("gives every product a primary picture whose file exists under public/", async () => {
    const images = await t.db.select().from(productImages);
    const all = await t.db.select({ id: products.id }).from(products);
    for (const { id } of all) {
      const own = images.filter((i) => i.productId === id).sort((a, b) => a.position - b.position);
      expect(own.length, id).toBeGreaterThanOrEqual(1);
      expect(own[0]?.isPrimary, id).toBe(true);
      expect(own.filter((i) => i.isPrimary).length, id).toBe(1);
    }
    for (const image of images) {
      expect(image.url).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(image.alt.length, image.id).toBeGreaterThan(10);
      expect(existsSync(path.join(publicDir, image.url)), image.url).toBe(true);
    }
  });

  it("stores variants with deterministic ids and price deltas", async () => {
    const variants = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, "ocean-wave-photo-frame"));
    const byId = Object.fromEntries(variants.map((v) => [v.id, v]));
    expect(byId["ocean-wave-photo-frame-v1"]).toMatchObject({ name: "Size", pricePaise: 0 });
    expect(new Set(variants.map((v) => v.name))).toEqual(new Set(["Size", "Finish"]));
  });

  it("seeds nothing the second time", async () => {
    const before = await counts(t.db);
    const again = await seedDemoCatalogue(t.db);
    expect(again).toEqual({ seeded: false, products: 0 });
    expect(await counts(t.db)).toEqual(before);
  });
});

describe.each(dbKinds)("seedDemoCatalogue called twice at once on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("still writes exactly one catalogue", async () => {
    const results = await Promise.all([seedDemoCatalogue(t.db), seedDemoCatalogue(t.db)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const c = await counts(t.db);
    expect(c.products).toBe(SEED_PRODUCTS.length);
    expect(c.categories).toBe(SEED_CATEGORIES.length);
    expect(c.home).toBe(HOME_PRODUCT_IDS.length);
  });
});

describe.each(dbKinds)("factories on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("makes unique products with their children, and a database that is not empty is never seeded", async () => {
    const category = await makeCategory(t.db, { show: 0 });
    const a = await makeProduct(t.db, {
      categoryId: category.id,
      pricePaise: 120000,
      weightGrams: 4200,
      variants: [
        { name: "Size", value: "A4", pricePaise: 0 },
        { name: "Size", value: "A3", pricePaise: 50000 },
      ],
    });
    const b = await makeProduct(t.db);
    const c = await makeProduct(t.db, { categoryId: null, status: "inactive" });
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(a.variantIds).toEqual([`${a.id}-v1`, `${a.id}-v2`]);
    expect(a.imageIds).toEqual([`${a.id}-i1`]);
    expect(b.categoryId).not.toBe(category.id);
    expect(c.categoryId).toBeNull();

    const [row] = await t.db.select().from(products).where(eq(products.id, a.id));
    expect(row).toMatchObject({
      pricePaise: 120000,
      weightGrams: 4200,
      categoryId: category.id,
      status: "active",
    });

    expect(await seedDemoCatalogue(t.db)).toEqual({ seeded: false, products: 0 });
  });
});
