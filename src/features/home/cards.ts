/**
 * Markup of the home page's carousel cards, as HTML strings built from one place: the server
 * renders them (set:html) and the client fallback (when the server fetch failed) builds the very
 * same cards from /v2/home-products and /v2/categories. Every value is escaped.
 */
import { categoryLabel, productPath, type Category, type HomeProduct } from "../catalogue/catalogue";

/** Shown when a product has no image. */
export const HOME_FALLBACK_IMAGE = "/images/fallback-product.svg";
/** Shown when a collection has no image. */
export const CATEGORY_FALLBACK_IMAGE = "/images/default-category.svg";

/** SPEC §2 Home: the splash shown until the home data has loaded. */
export const HOME_SPLASH_TEXT = "Loading your resin experience !";

/** sessionStorage keys of the client fallback (SPEC §3 "Home product"). */
export const HOME_PRODUCTS_KEY = "homeProducts";
export const HOME_CATEGORIES_KEY = "homeCategories";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** Clicking a collection opens the product list filtered through the query parameter. */
export function categoryHref(slug: string): string {
  return `/products?category=${encodeURIComponent(slug)}`;
}

/** The first image's url, or the fallback. */
export function homeProductImage(product: Pick<HomeProduct, "images" | "name">): { url: string; alt: string } {
  const first = product.images[0];
  return first?.url ? { url: first.url, alt: first.alt || product.name } : { url: HOME_FALLBACK_IMAGE, alt: product.name };
}

export interface CardOptions {
  /** Second copy in the looping carousel: hidden from assistive tech and the tab order. */
  duplicate?: boolean;
  /** Load the image at once (above the fold) instead of lazily. */
  eager?: boolean;
}

export function categoryCardHtml(category: Pick<Category, "id" | "slug" | "name" | "img">, options: CardOptions = {}): string {
  const label = escapeHtml(categoryLabel(category));
  const img = escapeHtml(category.img || CATEGORY_FALLBACK_IMAGE);
  const hidden = options.duplicate ? ' aria-hidden="true" tabindex="-1" data-duplicate' : "";
  return (
    `<a href="${escapeHtml(categoryHref(category.slug))}"${hidden} class="group/cat flex w-40 shrink-0 flex-col items-center gap-4 sm:w-48">` +
    `<span class="block aspect-[4/5] w-full overflow-hidden rounded-t-full rounded-b-3xl bg-cream-200 shadow-[0_14px_30px_-18px_rgb(43_35_32/0.5)] ring-1 ring-cream-300/60">` +
    `<img src="${img}" alt="" width="320" height="400" loading="${options.eager ? "eager" : "lazy"}" decoding="async" class="size-full object-cover transition duration-700 group-hover/cat:scale-105" />` +
    `</span>` +
    `<span class="font-serif text-lg text-ink-900 transition group-hover/cat:text-gold-700">${label}</span>` +
    `</a>`
  );
}

export function productCardHtml(product: Pick<HomeProduct, "id" | "name" | "images">, options: CardOptions = {}): string {
  const image = homeProductImage(product);
  return (
    `<a href="${escapeHtml(productPath(product.id))}" class="group/prod block w-[15rem] shrink-0 snap-start sm:w-[17rem]">` +
    `<span class="block aspect-[4/5] overflow-hidden rounded-3xl bg-cream-100 ring-1 ring-cream-200">` +
    `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}" width="544" height="680" loading="${options.eager ? "eager" : "lazy"}" decoding="async" class="size-full object-cover transition duration-700 group-hover/prod:scale-105" />` +
    `</span>` +
    `<span class="mt-4 flex items-start justify-between gap-3">` +
    `<span class="font-serif text-lg leading-snug text-ink-900">${escapeHtml(product.name)}</span>` +
    `<span aria-hidden="true" class="mt-1 text-gold-600 transition group-hover/prod:translate-x-1">&rarr;</span>` +
    `</span>` +
    `</a>`
  );
}

/** The collection carousel's track: every category twice, the second copy marked duplicate. */
export function categoryTrackHtml(categories: readonly Pick<Category, "id" | "slug" | "name" | "img">[]): string {
  const once = (duplicate: boolean) => categories.map((c) => categoryCardHtml(c, { duplicate })).join("");
  return once(false) + once(true);
}

export function productTrackHtml(products: readonly Pick<HomeProduct, "id" | "name" | "images">[]): string {
  return products.map((p) => productCardHtml(p)).join("");
}
