/**
 * The 10,000-product figures (decisions 0048, 0066): a scratch database with the demo catalogue plus copies
 * of its active pieces up to 10,000 active products (with their variants, images, attributes and
 * tags), then: the first page of /products, searches and a category filter at 10 connections, the
 * whole catalogue through GET /v2/products?limit=0 (time, size, memory), and the server's memory.
 */
import { DAY_MS } from "~/lib/dates";
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import {
  productAttributes,
  productImages,
  products,
  productTags,
  productVariants,
} from "~/server/db/schema";
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import {
  productImages as seedImages,
  SEED_CATEGORIES,
  SEED_PRODUCTS,
} from "~/server/seed/catalogue-data";
import { BROWSER_HEADERS, load, warm, type LoadOptions, type LoadRow } from "./load";
import type { RunningShop } from "./shop";

export const LARGE_COUNT = 10_000;
const BATCH = 250;

/** Seeds the demo catalogue, then copies of its active products until LARGE_COUNT are active. */
export async function seedLarge(db: Db): Promise<number> {
  await seedDemoCatalogue(db);
  const models = SEED_PRODUCTS.filter((p) => p.status === "active");
  const missing = LARGE_COUNT - models.length;
  const base = Date.now() - 400 * DAY_MS;
  for (let start = 0; start < missing; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, missing - start) }, (_, i) => {
      const n = start + i;
      const model = models[n % models.length]!;
      return { n, model, id: `bulk-${String(n).padStart(5, "0")}` };
    });
    await db.transaction(async (tx) => {
      await tx.insert(products).values(
        batch.map(({ n, model, id }) => ({
          id,
          name: `${model.name} No. ${n + 1}`,
          description: model.description,
          pricePaise: model.pricePaise + (n % 50) * 100,
          comparePricePaise: model.comparePricePaise,
          costPricePaise: model.costPricePaise,
          categoryId: model.categoryId,
          status: "active",
          sku: `BULK-${n}`,
          sale: model.comparePricePaise > model.pricePaise,
          weightGrams: model.weightGrams,
          createdAt: new Date(base + n * 60_000),
          updatedAt: new Date(base + n * 60_000),
        })),
      );
      const variants = batch.flatMap(({ model, id }) =>
        model.variants.map((v, i) => ({
          id: `${id}-v${i + 1}`,
          productId: id,
          name: v.name,
          value: v.value,
          pricePaise: v.pricePaise,
          position: i,
        })),
      );
      if (variants.length) await tx.insert(productVariants).values(variants);
      const images = batch.flatMap(({ model, id }) =>
        seedImages(model).map((im, i) => ({
          id: `${id}-i${i + 1}`,
          productId: id,
          url: im.url,
          alt: im.alt,
          isPrimary: i === 0,
          position: i,
        })),
      );
      if (images.length) await tx.insert(productImages).values(images);
      const attributes = batch.flatMap(({ model, id }) =>
        model.attributes.map((a, i) => ({
          id: `${id}-a${i + 1}`,
          productId: id,
          name: a.name,
          value: a.value,
          position: i,
        })),
      );
      if (attributes.length) await tx.insert(productAttributes).values(attributes);
      const tags = batch.flatMap(({ model, id }) =>
        [...new Set(model.tags)].map((tag) => ({ productId: id, tag })),
      );
      if (tags.length) await tx.insert(productTags).values(tags);
    });
  }
  await db.transaction((tx) => bumpCatalogueVersion(tx));
  const result = (await db.execute(
    sql`select count(*)::int as n from products where status = 'active'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Words from the catalogue's names, for searches that each read the database the first time. */
function searchTerms(): string[] {
  const words = new Set<string>();
  for (const p of SEED_PRODUCTS)
    for (const w of p.name.toLowerCase().split(/[^a-z]+/)) if (w.length >= 4) words.add(w);
  return [...words];
}

export interface LargeFigures {
  activeProducts: number;
  rows: LoadRow[];
  /** GET /v2/products?limit=0: the first read builds it (coldMs), the next one comes from memory (warmMs). */
  fullList: {
    coldMs: number;
    warmMs: number;
    bytesOnWire: number;
    bytesDecoded: number;
    rssBeforeMb: number;
    rssAfterMb: number;
  };
  rssMb: number;
}

export async function benchLarge(
  shop: RunningShop,
  activeProducts: number,
  options: LoadOptions,
): Promise<LargeFigures> {
  const category = SEED_CATEGORIES.find((c) => c.show === 1)!.slug;
  const terms = searchTerms();
  const searchPaths = terms.map((t) => `/products?q=${encodeURIComponent(t)}`);
  const rows: LoadRow[] = [];
  await warm(shop.base, ["/products", `/products/${category}`, searchPaths[0]!], 2);
  rows.push(await load(shop.base, "/products (first page)", ["/products"], options, shop));
  rows.push(
    await load(shop.base, `search, ${terms.length} different words`, searchPaths, options, shop),
  );
  rows.push(await load(shop.base, "one search, repeated", [searchPaths[0]!], options, shop));
  rows.push(
    await load(
      shop.base,
      `category /products/${category}`,
      [`/products/${category}`],
      options,
      shop,
    ),
  );

  const rssBeforeMb = shop.rssMb();
  const started = performance.now();
  const response = await fetch(`${shop.base}/v2/products?limit=0&offset=0&status=active`, {
    headers: { "accept-encoding": "identity" },
  });
  const bytesDecoded = (await response.arrayBuffer()).byteLength;
  const coldMs = Math.round(performance.now() - started);
  const again = performance.now();
  const compressed = await fetch(`${shop.base}/v2/products?limit=0&offset=0&status=active`, {
    headers: BROWSER_HEADERS,
  });
  const bytesOnWire = Number(compressed.headers.get("content-length") ?? 0);
  await compressed.arrayBuffer();
  const warmMs = Math.round(performance.now() - again);
  return {
    activeProducts,
    rows,
    fullList: { coldMs, warmMs, bytesOnWire, bytesDecoded, rssBeforeMb, rssAfterMb: shop.rssMb() },
    rssMb: shop.rssMb(),
  };
}
