/**
 * Catalogue types as the API answers them (SPEC §3) and the pure price rules shared by the
 * browser and the server. Amounts are integer paise (see docs/decisions/0003-money-in-paise.md).
 */
import { z } from "zod";

export type ProductStatus = "active" | "inactive";

export interface Variant {
  id: string;
  /** The group, e.g. "Size". */
  name: string;
  /** The option, e.g. "A4 (8 x 12 in)". */
  value: string;
  /** Added to the base price when chosen, in paise. */
  price: number;
  images: string[];
}

export interface ProductImage {
  id: string;
  url: string;
  alt: string;
  isPrimary: boolean;
}

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
  currency: "INR";
  category: CategoryRef | null;
  variants: Variant[];
  attributes: { name: string; value: string }[];
  tags: string[];
  /** Kilograms, 3 decimals (stored as grams). */
  weight: number;
  status: ProductStatus;
  rating: number;
  reviewCount: number;
  images: ProductImage[];
  sku: string;
  sale: boolean;
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

/** Variant groups in first-seen order: [["Size", [v1, v2]], ["Finish", [...]]]. */
export function variantGroups(variants: readonly Variant[]): [string, Variant[]][] {
  const groups = new Map<string, Variant[]>();
  for (const v of variants) {
    const list = groups.get(v.name);
    if (list) list.push(v);
    else groups.set(v.name, [v]);
  }
  return [...groups];
}

/**
 * Price shown in lists: the base plus one additional price per distinct variant name
 * (the first option listed in each group), as SPEC §3 says.
 */
export function effectiveListPrice(product: Pick<Product, "price" | "variants">): number {
  return product.price + variantGroups(product.variants).reduce((sum, [, options]) => sum + (options[0]?.price ?? 0), 0);
}

/** Price on the detail page and in the cart: base plus the price of each chosen option. */
export function detailPrice(product: Pick<Product, "price">, chosen: readonly Pick<Variant, "price">[]): number {
  return product.price + chosen.reduce((sum, v) => sum + v.price, 0);
}

/** grams -> kg with 3 decimals, as a number (1250 -> 1.25). */
export function gramsToKg(grams: number): number {
  return Math.round(grams) / 1000;
}

export const PRODUCT_PAGE_SIZE = 12;
export const HOME_PRODUCTS_MAX = 8;

/** Query of GET /v2/products. limit=0 means "all". */
export const productListQuery = z.object({
  limit: z.coerce.number().int("limit must be a whole number").min(0, "limit must be 0 (all) or more").max(500, "limit must be at most 500").default(0),
  offset: z.coerce.number().int("offset must be a whole number").min(0, "offset must be 0 or more").default(0),
  status: z.enum(["active", "inactive", "all"], { message: "status must be active, inactive or all" }).default("active"),
  category: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
});
