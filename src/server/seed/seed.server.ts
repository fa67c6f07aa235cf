/**
 * The demo catalogue: categories, products (with variants, pictures, attributes, tags) and the
 * homepage listing, written in one transaction into an empty database, and never twice.
 *
 * Several processes may start at once (npm start, tests, two app servers on one PostgreSQL):
 * the transaction takes an advisory lock first and then re-checks that the catalogue is empty,
 * so exactly one of them seeds. On PGlite transactions are already serialised.
 */
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { categories, homeProducts, products } from "~/server/db/schema";
import { HOME_PRODUCT_IDS, productImages, SEED_CATEGORIES, SEED_PRODUCTS } from "./catalogue-data";
import { insertCategory, insertProduct } from "./factories";
import { DAY_MS } from "~/lib/dates";

/** Advisory lock key for seeding (the migration lock in client.ts is 727274). */
const SEED_LOCK_KEY = 727275;

export interface SeedResult {
  /** False when the database already had a catalogue (nothing was written). */
  seeded: boolean;
  /** How many products this call inserted. */
  products: number;
}

/** Seeds the demo catalogue when the database has no categories and no products. */
export async function seedDemoCatalogue(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    const [anyCategory] = await tx.select({ id: categories.id }).from(categories).limit(1);
    const [anyProduct] = await tx.select({ id: products.id }).from(products).limit(1);
    if (anyCategory || anyProduct) return { seeded: false, products: 0 };

    const now = Date.now();
    const ago = (days: number, minutes = 0) => new Date(now - days * DAY_MS - minutes * 60_000);

    for (const c of SEED_CATEGORIES) {
      await insertCategory(tx, {
        id: c.id,
        slug: c.slug,
        name: c.name,
        img: c.img,
        show: c.show,
        createdAt: ago(c.ageDays),
      });
    }
    for (const [index, p] of SEED_PRODUCTS.entries()) {
      const createdAt = ago(p.ageDays, index * 7);
      await insertProduct(tx, {
        id: p.id,
        name: p.name,
        description: p.description,
        pricePaise: p.pricePaise,
        comparePricePaise: p.comparePricePaise,
        costPricePaise: p.costPricePaise,
        categoryId: p.categoryId,
        status: p.status,
        sku: p.sku,
        sale: p.comparePricePaise > p.pricePaise,
        weightGrams: p.weightGrams,
        createdAt,
        updatedAt: createdAt,
        variants: p.variants,
        images: productImages(p).map(({ url, alt }) => ({ url, alt })),
        attributes: p.attributes,
        tags: p.tags,
      });
    }
    await tx.insert(homeProducts).values(
      HOME_PRODUCT_IDS.map((productId, position) => ({
        productId,
        position,
        addedAt: new Date(now),
      })),
    );
    await bumpCatalogueVersion(tx);
    return { seeded: true, products: SEED_PRODUCTS.length };
  });
}
