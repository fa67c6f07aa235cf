/**
 * Catalogue queries: database rows reshaped into the API types of catalogue.ts (docs/product.md §3).
 * Money stays in paise, weight becomes kilograms, costPrice appears only when asked for (admins).
 * A page of products costs a fixed number of queries: the products, then their variants,
 * images, attributes and tags each in one `inArray` query. The home page's, the categories' and
 * the sitemap's lists are in catalogue-lists.server.ts.
 */
import { shelfBadges } from "~/features/stock/stock.server";
import { stockFilterCondition } from "~/features/stock/stock-report.server";
import type { StockFilter } from "~/features/stock/stock";
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import {
  categories,
  productAttributes,
  productImages,
  productTags,
  products,
  productVariants,
} from "~/server/db/schema";
import {
  gramsToKg,
  normaliseSearch,
  type CategoryRef,
  type Product,
  type ProductImage,
  type ProductStatus,
  type Variant,
} from "./catalogue";

export type StatusFilter = ProductStatus | "all";

export interface ListProductsOptions {
  /** 0 means "all". */
  limit: number;
  offset: number;
  status: StatusFilter;
  /** Category slug. */
  category?: string | null;
  /** Free-text search (name, description, tags, category). */
  q?: string | null;
  /** The owner's stock filter (docs/decisions/0218-stock-owner-tools.md); absent = any. */
  stock?: StockFilter | null | undefined;
  /** Include costPrice (admins only). */
  includeCost: boolean;
}

type ProductRow = typeof products.$inferSelect;
type CategoryCols = { id: string | null; name: string | null; slug: string | null };

/** Ties on createdAt (one seed transaction) break by id in byte order, as the browser cache sorts. */
export const idInCodeOrder = sql`${products.id} collate "C"`;

const categoryColumns = { id: categories.id, name: categories.name, slug: categories.slug };

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(
  options: Pick<ListProductsOptions, "status" | "category" | "q" | "stock">,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (options.status !== "all") conditions.push(eq(products.status, options.status));
  const category = options.category?.trim();
  if (category) conditions.push(eq(categories.slug, category));
  const q = normaliseSearch(options.q);
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.description, pattern),
        ilike(products.categoryId, pattern),
        ilike(categories.name, pattern),
        sql`exists (select 1 from ${productTags} where ${productTags.productId} = ${products.id} and ${productTags.tag} ilike ${pattern})`,
      ),
    );
  }
  if (options.stock) conditions.push(stockFilterCondition(options.stock));
  return and(...conditions);
}

interface Children {
  variants: Map<string, Variant[]>;
  images: Map<string, ProductImage[]>;
  attributes: Map<string, { name: string; value: string }[]>;
  tags: Map<string, string[]>;
}

export function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Variants, images, attributes and tags of many products: four queries, whatever the count. */
async function loadChildren(db: DbOrTx, ids: string[]): Promise<Children> {
  const children: Children = {
    variants: new Map(),
    images: new Map(),
    attributes: new Map(),
    tags: new Map(),
  };
  if (ids.length === 0) return children;
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(
      asc(productVariants.productId),
      asc(productVariants.position),
      asc(productVariants.id),
    );
  for (const v of variantRows)
    push(children.variants, v.productId, {
      id: v.id,
      name: v.name,
      value: v.value,
      price: v.pricePaise,
      images: v.images ?? [],
    });
  const imageRows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  for (const i of imageRows)
    push(children.images, i.productId, {
      id: i.id,
      url: i.url,
      alt: i.alt,
      isPrimary: i.isPrimary,
    });
  const attributeRows = await db
    .select()
    .from(productAttributes)
    .where(inArray(productAttributes.productId, ids))
    .orderBy(
      asc(productAttributes.productId),
      asc(productAttributes.position),
      asc(productAttributes.id),
    );
  for (const a of attributeRows)
    push(children.attributes, a.productId, { name: a.name, value: a.value });
  const tagRows = await db
    .select()
    .from(productTags)
    .where(inArray(productTags.productId, ids))
    .orderBy(asc(productTags.productId), asc(productTags.tag));
  for (const t of tagRows) push(children.tags, t.productId, t.tag);
  return children;
}

function toCategoryRef(c: CategoryCols | null): CategoryRef | null {
  if (!c || c.id === null) return null;
  return { id: c.id, name: c.name ?? c.id, slug: c.slug ?? "" };
}

function toProduct(
  row: ProductRow,
  category: CategoryCols | null,
  children: Children,
  includeCost: boolean,
): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.pricePaise,
    comparePrice: row.comparePricePaise,
    currency: "INR",
    category: toCategoryRef(category),
    variants: children.variants.get(row.id) ?? [],
    attributes: children.attributes.get(row.id) ?? [],
    tags: children.tags.get(row.id) ?? [],
    weight: gramsToKg(row.weightGrams),
    processingDays: row.processingDays,
    lengthCm: row.lengthCm,
    breadthCm: row.breadthCm,
    heightCm: row.heightCm,
    status: row.status === "inactive" ? "inactive" : "active",
    rating: row.rating,
    reviewCount: row.reviewCount,
    images: children.images.get(row.id) ?? [],
    sku: row.sku,
    sale: row.sale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.personalisation.length > 0) product.personalisation = row.personalisation;
  if (includeCost)
    Object.assign(product, { costPrice: row.costPricePaise, hsn: row.hsn, gstRate: row.gstRate });
  return product;
}

async function hydrate(
  db: DbOrTx,
  rows: { product: ProductRow; category: CategoryCols | null }[],
  includeCost: boolean,
): Promise<Product[]> {
  const ids = rows.map((r) => r.product.id);
  const [children, badges] = await Promise.all([loadChildren(db, ids), shelfBadges(db, ids)]);
  return rows.map((r) => {
    const product = toProduct(r.product, r.category, children, includeCost);
    // Ready-made pieces: "Only 2 left" / "Sold out" (docs/decisions/0216).
    const stock = badges.get(product.id);
    return stock ? { ...product, stock } : product;
  });
}

/** Products newest first, filtered by status, category slug and search; limit 0 returns all. */
export async function listProducts(db: DbOrTx, options: ListProductsOptions): Promise<Product[]> {
  let query = db
    .select({ product: products, category: categoryColumns })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(filterConditions(options))
    .orderBy(desc(products.createdAt), desc(idInCodeOrder))
    .$dynamic();
  if (options.limit > 0) query = query.limit(options.limit);
  if (options.offset > 0) query = query.offset(options.offset);
  return hydrate(db, await query, options.includeCost);
}

/** These products, in the order of `ids` (absent ones left out): a page of an in-memory search. */
export async function listProductsByIds(
  db: DbOrTx,
  ids: string[],
  includeCost: boolean,
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ product: products, category: categoryColumns })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(inArray(products.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.product.id)! - order.get(b.product.id)!);
  return hydrate(db, rows, includeCost);
}

/** How many products match the filters (for "is there more to load?"). */
export async function countProducts(
  db: DbOrTx,
  options: Pick<ListProductsOptions, "status" | "category" | "q" | "stock">,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(filterConditions(options));
  return row?.n ?? 0;
}

/** One product, or null when absent (or inactive unless `includeInactive`). */
export async function getProduct(
  db: DbOrTx,
  id: string,
  options: { includeInactive: boolean; includeCost: boolean },
): Promise<Product | null> {
  const rows = await db
    .select({ product: products, category: categoryColumns })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(
      options.includeInactive
        ? eq(products.id, id)
        : and(eq(products.id, id), eq(products.status, "active")),
    )
    .limit(1);
  if (rows.length === 0) return null;
  const [product] = await hydrate(db, rows, options.includeCost);
  return product ?? null;
}
