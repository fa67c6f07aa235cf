/**
 * The product form's pure rules (Add product, View and Edit; docs/product.md §2, §5): the form's values are
 * the body of product.schema.ts itself (amounts in paise, weight in kg), so react-hook-form
 * validates with the very schema the server uses. Money fields are typed as rupees text and turned
 * into paise here; a malformed amount becomes a value the schema refuses with its own message.
 */
import { paiseToRupeeString, rupeesToPaise } from "~/lib/money";
import { HOME_PRODUCTS_MAX, type Product } from "~/features/catalogue/catalogue";
import type { ProductInput } from "./product.schema";

export type ProductFormValues = ProductInput;
export type VariantDraft = ProductInput["variants"][number];
export type AttributeDraft = ProductInput["attributes"][number];
export type ImageDraft = ProductInput["images"][number];

/** docs/product.md §8 texts of the product screens. */
export const PRODUCT_TEXTS = {
  added: { title: "Successful", message: "Product added successfully!" },
  addFailed: { title: "Error", message: "Product failed to add!" },
  updated: { title: "Product Updated" },
  updateFailed: { title: "Error", message: "Product not Updated" },
  imageRequired: { title: "Image Required", message: "Please Upload an Image" },
  homeLimit: { title: "Error", message: `max ${HOME_PRODUCTS_MAX} products can be added!` },
  loadFailed: { title: "Failed to load product" },
  notFound: "Product not found",
  loading: "Loading product...",
} as const;

/** After the homepage limit toast, the list reloads after this long (docs/product.md §8). */
export const HOME_LIMIT_RELOAD_MS = 3000;

/**
 * Rupees as typed -> paise for the schema: "" or text -> NaN ("must be a number"), more than
 * 2 decimals -> a fraction of a paisa ("must have at most 2 decimals"), negative -> negative.
 */
export function rupeesFieldToPaise(text: string): number {
  const trimmed = text.trim();
  const exact = rupeesToPaise(trimmed);
  if (exact !== null) return exact;
  if (trimmed === "" || !/^-?\d*\.?\d+$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed) * 100;
  return Number.isInteger(value) ? value : Math.trunc(value) + 0.5;
}

/** Paise -> the text of a rupee field ("1499.50"); a value the schema refused shows blank. */
export function paiseToField(paise: number): string {
  return Number.isInteger(paise) && paise >= 0 ? paiseToRupeeString(paise) : "";
}

/** A fresh sku suggestion for a new product (the owner may type their own). */
export function suggestSku(now = Date.now()): string {
  return `RT-${now.toString(36).toUpperCase()}`;
}

export function emptyProduct(categoryId = "", sku = suggestSku()): ProductFormValues {
  return {
    name: "",
    description: "",
    price: Number.NaN,
    comparePrice: Number.NaN,
    costPrice: Number.NaN,
    weight: Number.NaN,
    processingDays: 20,
    lengthCm: 0,
    breadthCm: 0,
    heightCm: 0,
    hsn: "",
    gstRate: null,
    categoryId,
    status: "active",
    sku,
    variants: [],
    attributes: [],
    tags: [],
    personalisation: [],
    images: [],
  };
}

/** A product as the API answers it -> the form's values (and the PUT body). */
export function toFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    comparePrice: product.comparePrice,
    costPrice: product.costPrice ?? 0,
    weight: product.weight,
    processingDays: product.processingDays,
    lengthCm: product.lengthCm ?? 0,
    breadthCm: product.breadthCm ?? 0,
    heightCm: product.heightCm ?? 0,
    hsn: product.hsn ?? "",
    gstRate: (product.gstRate ?? null) as ProductFormValues["gstRate"],
    categoryId: product.category?.id ?? "",
    status: product.status,
    sku: product.sku,
    variants: product.variants.map((v) => ({ name: v.name, value: v.value, price: v.price })),
    attributes: product.attributes.map((a) => ({ name: a.name, value: a.value })),
    tags: [...product.tags],
    personalisation: product.personalisation ?? [],
    images: product.images.map((i) => ({ url: i.url, alt: i.alt, isPrimary: i.isPrimary })),
  };
}

/** docs/product.md §5: a variant is added only when its name and value are both filled. Null = not added. */
export function addVariant(
  list: readonly VariantDraft[],
  draft: { name: string; value: string; price: number },
): VariantDraft[] | null {
  const name = draft.name.trim();
  const value = draft.value.trim();
  if (!name || !value) return null;
  const price = Number.isFinite(draft.price) ? draft.price : 0;
  return [...list, { name, value, price }];
}

/** docs/product.md §5: an attribute is added only when its name and value are both filled. */
export function addAttribute(
  list: readonly AttributeDraft[],
  draft: { name: string; value: string },
): AttributeDraft[] | null {
  const name = draft.name.trim();
  const value = draft.value.trim();
  if (!name || !value) return null;
  return [...list, { name, value }];
}

/** docs/product.md §5: a tag only when non-blank and not a duplicate (case-insensitive, as the server checks). */
export function addTag(tags: readonly string[], raw: string): string[] | null {
  const tag = raw.trim();
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return null;
  return [...tags, tag];
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Adds an uploaded image; the first one is the primary. */
export function addImage(images: readonly ImageDraft[], url: string, alt = ""): ImageDraft[] {
  return [...images, { url, alt, isPrimary: images.length === 0 }];
}

/** Makes one image the primary (exactly one, as the schema requires). */
export function setPrimary(images: readonly ImageDraft[], index: number): ImageDraft[] {
  return images.map((image, i) => ({ ...image, isPrimary: i === index }));
}

/** Removes an image; when it was the primary, the first remaining one becomes primary. */
export function removeImage(images: readonly ImageDraft[], index: number): ImageDraft[] {
  const rest = removeAt(images, index);
  if (rest.length && !rest.some((i) => i.isPrimary)) return setPrimary(rest, 0);
  return rest;
}

const FORM_FIELDS = new Set<string>([
  "name",
  "description",
  "price",
  "comparePrice",
  "costPrice",
  "weight",
  "processingDays",
  "lengthCm",
  "breadthCm",
  "heightCm",
  "hsn",
  "gstRate",
  "categoryId",
  "status",
  "sku",
  "variants",
  "attributes",
  "tags",
  "personalisation",
  "images",
]);

/**
 * A 400's message ("field: message" per problem, joined by "; ") split into the form's fields
 * (the first segment of the path: `variants.0.value` goes under variants) and the rest (null).
 */
export function splitServerMessage(
  message: string,
): { field: keyof ProductFormValues | null; message: string }[] {
  return message
    .split("; ")
    .filter((part) => part.trim())
    .map((part) => {
      const match = /^([\w]+)(?:\.[\w.]+)?: (.+)$/s.exec(part);
      return match && FORM_FIELDS.has(match[1]!)
        ? { field: match[1] as keyof ProductFormValues, message: match[2]! }
        : { field: null, message: part };
    });
}
