/**
 * Catalogue types as the API answers them (docs/product.md §3) and the pure price rules shared by the
 * browser and the server. Amounts are integer paise (see docs/decisions/0003-money-in-paise.md).
 */
import { paiseToRupeeString } from "~/lib/money";
import { MAX_QUANTITY, variantGroups, type Variant } from "./variants";

// The zod-free rules live in variants.ts (the browser cart imports them without zod).
export { MAX_QUANTITY, variantGroups };
export type ProductStatus = "active" | "inactive";
export type { Variant } from "./variants";
export interface ProductImage {
  id: string;
  url: string;
  alt: string;
  isPrimary: boolean;
}

import type { PersonalisationField } from "~/lib/personalisation-types";

export interface CategoryRef {
  id: string;
  name: string;
  slug: string;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  /** Base price in paise. */
  price: number;
  comparePrice: number;
  /** Only present in answers to an admin. */
  costPrice?: number;
  /** Only in answers to an admin: HSN code and GST rate (null: the default; docs/decisions/0085). */
  hsn?: string | null;
  gstRate?: number | null;
  currency: "INR";
  category: CategoryRef | null;
  variants: Variant[];
  attributes: { name: string; value: string }[];
  tags: string[];
  /** Kilograms, 3 decimals (stored as grams). */
  weight: number;
  /** Made to order: dispatched at most this many days after payment (the order's promise, decision 0046). */
  processingDays: number;
  /** The packed parcel's size in whole centimetres; 0 when not given (docs/shipping.md). */
  lengthCm?: number;
  breadthCm?: number;
  heightCm?: number;
  status: ProductStatus;
  rating: number;
  reviewCount: number;
  images: ProductImage[];
  sku: string;
  sale: boolean;
  /** A ready-made piece's badge, "Only 2 left" or "Sold out" (docs/decisions/0216); absent otherwise. */
  stock?: string;
  /** The shopper's personalisation fields (decision 0229); absent when the product has none. */
  personalisation?: PersonalisationField[];
  createdAt: string;
  updatedAt: string;
}

export interface HomeProduct {
  id: string;
  name: string;
  images: { url: string; alt: string }[];
}

export interface Category {
  id: string;
  slug: string;
  name: string | null;
  img: string;
  show: 0 | 1;
  createdAt: string;
}

/**
 * Price shown in lists: the base plus one additional price per distinct variant name
 * (the first option listed in each group), as docs/product.md §3 says.
 */
export function effectiveListPrice(product: Pick<Product, "price" | "variants">): number {
  return (
    product.price +
    variantGroups(product.variants).reduce((sum, [, options]) => sum + (options[0]?.price ?? 0), 0)
  );
}

/** Price on the detail page and in the cart: base plus the price of each chosen option. */
export function detailPrice(
  product: Pick<Product, "price">,
  chosen: readonly Pick<Variant, "price">[],
): number {
  return product.price + chosen.reduce((sum, v) => sum + v.price, 0);
}

/** grams -> kg with 3 decimals, as a number (1250 -> 1.25). */
export function gramsToKg(grams: number): number {
  return Math.round(grams) / 1000;
}

export const PRODUCT_PAGE_SIZE = 12;
/** The homepage "Spotlight Selections" hold at most this many products (docs/product.md §9). */
export const HOME_PRODUCTS_MAX = 8;
/** The `code` of the API's refusal to list one more (the portal shows PRODUCT_TEXTS.homeLimit). */
export const HOME_LIMIT_CODE = "home_limit";

// ---------------------------------------------------------------------------------------------
// Shared helpers for the catalogue screens (product list, product detail) and the API.
// ---------------------------------------------------------------------------------------------

/** docs/product.md §9: how many products the list shows first, and how many each scroll step adds. */
export const INITIAL_VISIBLE_PRODUCTS = 12;
/** docs/product.md §4/§9: the browser's catalogue cache is stale after this long, and refreshes this often. */
export const CATALOGUE_STALE_MS = 300_000;
/** docs/product.md §9: scroll restoration on the product list. */
export const SCROLL_RESTORE_TRIES = 20;
export const SCROLL_RESTORE_INTERVAL_MS = 400;
/** docs/product.md §9: product quantity minimum. */
export const MIN_QUANTITY = 1;

/** Shown when a product has no image (docs/product.md §2: "a fallback image when absent"). */
export const FALLBACK_PRODUCT_IMAGE = "/images/fallback-product.svg";

/** Path of a product's detail page. */
export function productPath(id: string): string {
  return `/products/product/${encodeURIComponent(id)}`;
}

/** Path of a collection's product list (the canonical form of /products?category={slug}). */
export function categoryPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

/** The id doubles as the label when a category has no name (docs/product.md §3). */
export function categoryLabel(category: { id: string; name?: string | null }): string {
  return category.name?.trim() ? category.name : category.id;
}

/** The first image (images are ordered by position), or the fallback. */
export function firstImage(product: Pick<Product, "images" | "name">): {
  url: string;
  alt: string;
} {
  const image = product.images[0];
  if (!image?.url) return { url: FALLBACK_PRODUCT_IMAGE, alt: product.name };
  return { url: image.url, alt: image.alt || product.name };
}

/** What a product card in the list needs. */
export interface ProductCardData {
  id: string;
  name: string;
  image: { url: string; alt: string };
  /** Effective list price in paise (base + one option per variant group). */
  price: number;
  /** Compare price in paise; shown struck through only when higher than `price`. */
  comparePrice: number;
  /** "Only 2 left" / "Sold out" (docs/decisions/0216); absent for made-to-order work. */
  stock?: string;
}

export function productCard(product: Product): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    image: firstImage(product),
    price: effectiveListPrice(product),
    comparePrice: product.comparePrice,
    ...(product.stock ? { stock: product.stock } : {}),
  };
}

/** Filters of the product list: a category slug and a free-text search. */
export interface ProductFilters {
  category?: string | null;
  q?: string | null;
}

/** Longest search text the list accepts (the API's `q` and the browser's search box). */
export const SEARCH_MAX_LENGTH = 200;

/** Trims and collapses whitespace; "" means "no search". */
export function normaliseSearch(q: string | null | undefined): string {
  return (q ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
}

/**
 * The same rule the server applies to `q`: a case-insensitive substring of the name, description,
 * a tag, or the category's id or name.
 */
export function matchesFilters(product: Product, filters: ProductFilters): boolean {
  const category = filters.category?.trim();
  if (category && product.category?.slug !== category) return false;
  const q = normaliseSearch(filters.q).toLowerCase();
  if (!q) return true;
  const fields = [
    product.name,
    product.description,
    ...product.tags,
    product.category?.id ?? "",
    product.category?.name ?? "",
  ];
  return fields.some((field) => field.toLowerCase().includes(q));
}

/** Chosen option per variant group: group name -> variant id. */
export type VariantSelection = Record<string, string>;

/** The first option of every group, so the detail price starts at the list price. */
export function defaultSelection(variants: readonly Variant[]): VariantSelection {
  const selection: VariantSelection = {};
  for (const [name, options] of variantGroups(variants))
    if (options[0]) selection[name] = options[0].id;
  return selection;
}

/** The chosen variants in group order; unknown ids and groups without a choice are skipped. */
export function chosenVariants(
  variants: readonly Variant[],
  selection: VariantSelection,
): Variant[] {
  const chosen: Variant[] = [];
  for (const [name, options] of variantGroups(variants)) {
    const pick = options.find((v) => v.id === selection[name]);
    if (pick) chosen.push(pick);
  }
  return chosen;
}

/** Whole numbers from 1 to MAX_QUANTITY; anything else becomes 1. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.floor(value)));
}

/** schema.org Product for the detail page (price: the list price, in rupees). */
export function productJsonLd(product: Product, siteUrl: string): Record<string, unknown> {
  const base = `${siteUrl.replace(/\/$/, "")}/`;
  const url = new URL(productPath(product.id), base).toString();
  const images = product.images.map((image) => new URL(image.url, base).toString());
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    url,
    ...(images.length ? { image: images } : {}),
    ...(product.category ? { category: categoryLabel(product.category) } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: paiseToRupeeString(effectiveListPrice(product)),
      priceCurrency: "INR",
      availability:
        product.status === "active"
          ? "https://schema.org/InStock"
          : "https://schema.org/OutOfStock",
    },
  };
  if (product.reviewCount > 0 && product.rating > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating,
      reviewCount: product.reviewCount,
    };
  }
  return data;
}

/** "/products/wall-art" -> "wall-art"; null for /products and for detail pages. */
export function pathCategory(pathname: string): string | null {
  const match = /^\/products\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || match[1] === "product") return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The list's address for some filters: the category stays in the path when the page was opened
 * as /products/{slug} and it did not change; otherwise it goes in ?category= (docs/product.md §2).
 */
export function listUrl(pathname: string, filters: ProductFilters): string {
  const category = filters.category?.trim() || null;
  const q = normaliseSearch(filters.q);
  const params = new URLSearchParams();
  let path = "/products";
  if (category && pathCategory(pathname) === category) path = pathname;
  else if (category) params.set("category", category);
  if (q) params.set("q", q);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
