/**
 * Creating and editing a product (POST /v2/products, PUT /v2/products/{id}) from a body already
 * validated by product.schema.ts: children (variants, images, attributes, tags) are replaced in the
 * same transaction as the product row, so the storefront never sees half an edit, and
 * `catalogueChanged(tx)` in that transaction tells the storefront's caches at once.
 */
import { productTaxRow } from "~/features/books/product-tax";
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import {
  categories,
  productAttributes,
  productImages,
  productTags,
  products,
  productVariants,
} from "~/server/db/schema";
import { HttpError } from "~/server/http";
import type { Product } from "~/features/catalogue/catalogue";
import { getProduct } from "~/features/catalogue/catalogue.server";
import { catalogueChanged } from "~/features/catalogue/catalogue-version.server";
import { isUploadedImageUrl } from "~/features/media/uploaded-url.server";
import type { ProductInput } from "./product.schema";
import { changedFields, recordAudit, type AuditActor } from "~/features/audit/audit.server";

/** The shop's bundled artwork (the demo catalogue's /images/... files). */
function isBundledImageUrl(url: string): boolean {
  return /^\/images\/[A-Za-z0-9._/-]+$/.test(url) && !url.includes("..");
}

/** What a product may show: bundled artwork, or an image this shop's upload actually stored. */
async function isProductImageUrl(url: string): Promise<boolean> {
  return isBundledImageUrl(url) || (await isUploadedImageUrl(url));
}

async function check(tx: Tx, input: ProductInput, id?: string): Promise<void> {
  for (const image of input.images)
    if (!(await isProductImageUrl(image.url)))
      throw new HttpError(400, `images: ${image.url} is not an image uploaded to this shop`);
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw new HttpError(400, `categoryId: no category ${input.categoryId}`);
  const clash = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      id ? and(eq(products.sku, input.sku), ne(products.id, id)) : eq(products.sku, input.sku),
    );
  if (clash.length > 0)
    throw new HttpError(400, `sku: another product already uses the sku ${input.sku}`);
}

function row(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    pricePaise: input.price,
    comparePricePaise: input.comparePrice,
    costPricePaise: input.costPrice,
    categoryId: input.categoryId,
    status: input.status,
    sku: input.sku,
    ...(input.personalisation === undefined ? {} : { personalisation: input.personalisation }),
    weightGrams: Math.round(input.weight * 1000),
    ...(input.processingDays === undefined ? {} : { processingDays: input.processingDays }),
    ...(input.lengthCm === undefined ? {} : { lengthCm: input.lengthCm }),
    ...(input.breadthCm === undefined ? {} : { breadthCm: input.breadthCm }),
    ...(input.heightCm === undefined ? {} : { heightCm: input.heightCm }),
    ...productTaxRow(input),
  };
}

async function writeChildren(tx: Tx, id: string, input: ProductInput): Promise<void> {
  await tx.delete(productVariants).where(eq(productVariants.productId, id));
  await tx.delete(productImages).where(eq(productImages.productId, id));
  await tx.delete(productAttributes).where(eq(productAttributes.productId, id));
  await tx.delete(productTags).where(eq(productTags.productId, id));
  if (input.variants.length)
    await tx.insert(productVariants).values(
      input.variants.map((v, i) => ({
        id: crypto.randomUUID(),
        productId: id,
        name: v.name,
        value: v.value,
        pricePaise: v.price,
        position: i,
      })),
    );
  await tx.insert(productImages).values(
    input.images.map((im, i) => ({
      id: crypto.randomUUID(),
      productId: id,
      url: im.url,
      alt: im.alt,
      isPrimary: im.isPrimary,
      position: i,
    })),
  );
  if (input.attributes.length)
    await tx.insert(productAttributes).values(
      input.attributes.map((a, i) => ({
        id: crypto.randomUUID(),
        productId: id,
        name: a.name,
        value: a.value,
        position: i,
      })),
    );
  if (input.tags.length)
    await tx.insert(productTags).values(input.tags.map((tag) => ({ productId: id, tag })));
}

/** A unique violation on sku from a race between two saves is the same 400 as the check. */
function skuRace(error: unknown, sku: string): never {
  const text =
    String((error as { message?: string })?.message ?? "") +
    String((error as { cause?: { message?: string } })?.cause?.message ?? "");
  if (/products_sku/.test(text))
    throw new HttpError(400, `sku: another product already uses the sku ${sku}`);
  throw error;
}

/** What the audit trail keeps of a product: everything the form edits, not the read-only extras. */
function auditView(product: Product): Record<string, unknown> {
  const {
    updatedAt: _updated,
    createdAt: _created,
    ...fields
  } = product as Product & {
    updatedAt?: unknown;
    createdAt?: unknown;
  };
  // Variants, images and attributes are rewritten on every save with new row ids: only their
  // contents say whether they changed.
  const withoutIds = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map((item) => {
          if (item === null || typeof item !== "object") return item;
          const { id: _id, ...rest } = item as Record<string, unknown>;
          return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withoutIds(v)]));
        })
      : value;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, withoutIds(v)]));
}

export async function createProduct(
  db: Db,
  actor: AuditActor,
  input: ProductInput,
): Promise<Product> {
  const id = crypto.randomUUID();
  return db
    .transaction(async (tx) => {
      await check(tx, input);
      await tx.insert(products).values({ id, ...row(input) });
      await writeChildren(tx, id, input);
      await catalogueChanged(tx);
      const created = (await getProduct(tx, id, { includeInactive: true, includeCost: true }))!;
      await recordAudit(tx, actor, {
        action: "product.create",
        entity: "product",
        entityId: id,
        after: auditView(created),
      });
      return created;
    })
    .catch((error: unknown) => skuRace(error, input.sku));
}

export async function updateProduct(
  db: Db,
  actor: AuditActor,
  id: string,
  input: ProductInput,
): Promise<Product> {
  return db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!existing) throw new HttpError(404, "Product not found");
      await check(tx, input, id);
      const before = (await getProduct(tx, id, { includeInactive: true, includeCost: true }))!;
      await tx
        .update(products)
        .set({ ...row(input), updatedAt: new Date() })
        .where(eq(products.id, id));
      await writeChildren(tx, id, input);
      await catalogueChanged(tx);
      const after = (await getProduct(tx, id, { includeInactive: true, includeCost: true }))!;
      await recordAudit(tx, actor, {
        action: "product.update",
        entity: "product",
        entityId: id,
        ...changedFields(auditView(before), auditView(after)),
      });
      return after;
    })
    .catch((error: unknown) => skuRace(error, input.sku));
}
