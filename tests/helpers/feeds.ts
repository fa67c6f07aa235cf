/**
 * The feeds suites' catalogue (tests/feeds.test.ts, tests/feeds-meta.test.ts): a plain product with an HTML description, one
 * on sale, one with two option groups (4 combinations), an inactive one, one whose only picture is
 * an SVG, and one with no picture.
 */
import { afterAll, beforeAll } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import type { TestDb } from "./db";

export const SITE = "https://shop.resintales.example";

/** PUBLIC_SITE_URL is the https address above while the file's suites run. */
export function useFeedSite(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.PUBLIC_SITE_URL;
    process.env.PUBLIC_SITE_URL = `${SITE}/`;
    resetEnvForTests();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PUBLIC_SITE_URL;
    else process.env.PUBLIC_SITE_URL = saved;
    resetEnvForTests();
  });
}

export async function seedFeedCatalogue(t: TestDb): Promise<void> {
  await t.db
    .insert(schema.categories)
    .values([{ id: "Wall Art", slug: "wall-art", name: "Wall Art", show: 1 }]);
  const product = (id: string, extra: Partial<typeof schema.products.$inferInsert> = {}) => ({
    id,
    name: `Piece ${id}`,
    description: "Handmade in Delhi",
    pricePaise: 149900,
    sku: `SKU-${id}`,
    categoryId: "Wall Art",
    weightGrams: 1250,
    ...extra,
  });
  await t.db.insert(schema.products).values([
    product("plain", {
      name: "Ocean Wave Clock",
      description:
        '<p>Ocean <b>blue</b> &amp; gold,<br>a "wave" &lt;i&gt;clock&lt;/i&gt;</p><script>alert(1)</script>',
    }),
    product("on-sale", { pricePaise: 99900, comparePricePaise: 149900, weightGrams: 0 }),
    product("variants", { pricePaise: 100000, comparePricePaise: 120000 }),
    product("hidden", { status: "inactive" }),
    product("svg-only"),
    product("no-image"),
  ]);
  await t.db.insert(schema.productVariants).values([
    { id: "v-a4", productId: "variants", name: "Size", value: "A4", pricePaise: 0, position: 0 },
    {
      id: "v-a3",
      productId: "variants",
      name: "Size",
      value: "A3",
      pricePaise: 50000,
      position: 1,
    },
    {
      id: "v-gloss",
      productId: "variants",
      name: "Finish",
      value: "Gloss",
      pricePaise: 0,
      position: 2,
    },
    {
      id: "v-matte",
      productId: "variants",
      name: "Finish",
      value: "Matte",
      pricePaise: 20000,
      position: 3,
      images: ["/media/0123456789abcdef0123456789abcdef/1280.jpg"],
    },
  ]);
  const image = (id: string, productId: string, url: string, position = 0) => ({
    id,
    productId,
    url,
    position,
  });
  await t.db
    .insert(schema.productImages)
    .values([
      image("i1", "plain", "/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/1280.jpg"),
      image("i2", "plain", "https://res.cloudinary.com/demo/image/upload/v1/back.png", 1),
      image("i3", "plain", "/images/products/plain-3.svg", 2),
      image("i4", "on-sale", "/media/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/960.webp"),
      image("i5", "variants", "/media/cccccccccccccccccccccccccccccccc/1280.png"),
      image("i6", "hidden", "/media/dddddddddddddddddddddddddddddddd/1280.jpg"),
      image("i7", "svg-only", "/images/products/svg-only.svg"),
    ]);
}
