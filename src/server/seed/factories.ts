/**
 * Inserting catalogue rows: the one code path used by the demo seed and by tests.
 *
 * `insertProduct` writes a product with its variants, images, attributes and tags (ids derived
 * from the product id: `<id>-v1`, `<id>-i1`, `<id>-a1`). `makeCategory` / `makeProduct` are the
 * test factories: every default is unique (random suffix), so tests sharing a database never
 * collide, and any field can be overridden.
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "~/server/db/client";
import { bumpCatalogueVersion } from "~/server/db/catalogue-version";
import {
  categories,
  productAttributes,
  productImages,
  productTags,
  products,
  productVariants,
} from "~/server/db/schema";

export interface VariantInput {
  /** The group, e.g. "Size". */
  name: string;
  value: string;
  /** Added to the base price, in paise. */
  pricePaise: number;
  images?: string[];
}

export interface ImageInput {
  url: string;
  alt?: string;
}

export interface ProductInput {
  id: string;
  name: string;
  description?: string;
  pricePaise: number;
  comparePricePaise?: number;
  costPricePaise?: number;
  categoryId: string | null;
  status?: "active" | "inactive";
  rating?: number;
  reviewCount?: number;
  sku: string;
  /** Defaults to comparePricePaise > pricePaise. */
  sale?: boolean;
  weightGrams?: number;
  createdAt?: Date;
  updatedAt?: Date;
  variants?: VariantInput[];
  /** The first one is the primary picture. */
  images?: ImageInput[];
  attributes?: { name: string; value: string }[];
  tags?: string[];
}

export interface InsertedProduct {
  id: string;
  categoryId: string | null;
  sku: string;
  variantIds: string[];
  imageIds: string[];
  attributeIds: string[];
}

/** Inserts one product and its children with the given handle (use `tx` inside a transaction). */
export async function insertProduct(db: DbOrTx, input: ProductInput): Promise<InsertedProduct> {
  const id = input.id;
  const comparePricePaise = input.comparePricePaise ?? 0;
  const createdAt = input.createdAt ?? new Date();
  await db.insert(products).values({
    id,
    name: input.name,
    description: input.description ?? "",
    pricePaise: input.pricePaise,
    comparePricePaise,
    costPricePaise: input.costPricePaise ?? 0,
    currency: "INR",
    categoryId: input.categoryId,
    status: input.status ?? "active",
    rating: input.rating ?? 0,
    reviewCount: input.reviewCount ?? 0,
    sku: input.sku,
    sale: input.sale ?? comparePricePaise > input.pricePaise,
    weightGrams: input.weightGrams ?? 0,
    createdAt,
    updatedAt: input.updatedAt ?? createdAt,
  });

  const variants = (input.variants ?? []).map((v, i) => ({
    id: `${id}-v${i + 1}`,
    productId: id,
    name: v.name,
    value: v.value,
    pricePaise: v.pricePaise,
    images: v.images ?? [],
    position: i,
  }));
  if (variants.length) await db.insert(productVariants).values(variants);

  const images = (input.images ?? []).map((img, i) => ({
    id: `${id}-i${i + 1}`,
    productId: id,
    url: img.url,
    alt: img.alt ?? input.name,
    isPrimary: i === 0,
    position: i,
  }));
  if (images.length) await db.insert(productImages).values(images);

  const attributes = (input.attributes ?? []).map((a, i) => ({
    id: `${id}-a${i + 1}`,
    productId: id,
    name: a.name,
    value: a.value,
    position: i,
  }));
  if (attributes.length) await db.insert(productAttributes).values(attributes);

  const tags = [...new Set(input.tags ?? [])].map((tag) => ({ productId: id, tag }));
  if (tags.length) await db.insert(productTags).values(tags);
  await bumpCatalogueVersion(db);

  return {
    id,
    categoryId: input.categoryId,
    sku: input.sku,
    variantIds: variants.map((v) => v.id),
    imageIds: images.map((i) => i.id),
    attributeIds: attributes.map((a) => a.id),
  };
}

export interface CategoryInput {
  /** Also the label. */
  id: string;
  slug: string;
  name?: string | null;
  img?: string;
  show?: 0 | 1;
  createdAt?: Date;
}

export async function insertCategory(
  db: DbOrTx,
  input: CategoryInput,
): Promise<{ id: string; slug: string }> {
  await db.insert(categories).values({
    id: input.id,
    slug: input.slug,
    name: input.name ?? null,
    img: input.img ?? "",
    show: input.show ?? 1,
    createdAt: input.createdAt ?? new Date(),
  });
  await bumpCatalogueVersion(db);
  return { id: input.id, slug: input.slug };
}

/** A short random suffix, e.g. "k3f9x2ab". */
export function uniqueSuffix(): string {
  return randomUUID().replaceAll("-", "").slice(0, 10);
}

/** A test category with unique id and slug; `show` defaults to 1. */
export async function makeCategory(
  db: DbOrTx,
  overrides: Partial<CategoryInput> = {},
): Promise<{ id: string; slug: string }> {
  const suffix = uniqueSuffix();
  return insertCategory(db, {
    id: `Test Category ${suffix}`,
    slug: `test-category-${suffix}`,
    name: null,
    img: "/images/default-category.svg",
    show: 1,
    ...overrides,
  });
}

export type ProductOverrides = Partial<ProductInput>;

/**
 * A test product (active, ₹499, 250 g, one picture, no variants) with unique id and SKU.
 * Without `categoryId` a fresh category is made for it; pass `categoryId: null` for none.
 */
export async function makeProduct(
  db: DbOrTx,
  overrides: ProductOverrides = {},
): Promise<InsertedProduct> {
  const suffix = uniqueSuffix();
  const categoryId =
    "categoryId" in overrides ? (overrides.categoryId ?? null) : (await makeCategory(db)).id;
  const id = overrides.id ?? `test-product-${suffix}`;
  const input: ProductInput = {
    name: `Test Product ${suffix}`,
    description: "A test product.",
    pricePaise: 49900,
    sku: `TEST-${suffix.toUpperCase()}`,
    status: "active",
    weightGrams: 250,
    images: [{ url: "/images/fallback-product.svg", alt: `Test Product ${suffix}` }],
    variants: [],
    attributes: [],
    tags: [],
    ...overrides,
    id,
    categoryId,
  };
  // One product with its children is all or nothing.
  return db.transaction((tx) => insertProduct(tx, input));
}
