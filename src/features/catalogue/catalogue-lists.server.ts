/**
 * The catalogue's short lists (docs/product.md §3): the home page's spotlight products, the
 * categories and how many active products each holds, the sitemap's product stamps. The product
 * queries themselves are in catalogue.server.ts.
 */
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { categories, homeProducts, productImages, products } from "~/server/db/schema";
import type { Category, HomeProduct } from "./catalogue";
import { idInCodeOrder, push } from "./catalogue.server";

/** The homepage "Spotlight Selections": active listed products by position (id, name, images). */
export async function listHomeProducts(db: DbOrTx): Promise<HomeProduct[]> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(homeProducts)
    .innerJoin(products, eq(homeProducts.productId, products.id))
    .where(eq(products.status, "active"))
    .orderBy(asc(homeProducts.position), asc(homeProducts.addedAt), asc(products.id));
  if (rows.length === 0) return [];
  const imageRows = await db
    .select({ productId: productImages.productId, url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  const images = new Map<string, { url: string; alt: string }[]>();
  for (const i of imageRows) push(images, i.productId, { url: i.url, alt: i.alt });
  return rows.map((r) => ({ id: r.id, name: r.name, images: images.get(r.id) ?? [] }));
}

/** Categories newest first; `shownOnly` keeps those with show = 1 (the home page's collections). */
export async function listCategories(
  db: DbOrTx,
  options: { shownOnly: boolean },
): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(options.shownOnly ? eq(categories.show, 1) : undefined)
    .orderBy(desc(categories.createdAt), asc(categories.id));
  return rows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    img: c.img,
    show: c.show === 1 ? 1 : 0,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** How many active products each category holds (categories without any are absent). */
export async function activeProductCounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(eq(products.status, "active"))
    .groupBy(products.categoryId);
  return new Map(rows.flatMap((r) => (r.categoryId ? [[r.categoryId, Number(r.n)] as const] : [])));
}

/** Ids and last change of every active product, for the sitemap (no children loaded). */
export async function listActiveProductStamps(
  db: DbOrTx,
): Promise<{ id: string; updatedAt: string }[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "active"))
    .orderBy(desc(products.createdAt), desc(idInCodeOrder));
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}
