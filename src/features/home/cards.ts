/** Shared rules of the home page's carousel cards (CategoryCard.astro, HomeProductCard.astro). */
import { FALLBACK_PRODUCT_IMAGE, type HomeProduct } from "~/features/catalogue/catalogue";

/** Shown when a collection has no image. */
export const CATEGORY_FALLBACK_IMAGE = "/images/default-category.svg";

/** Clicking a collection opens the product list filtered through the query parameter. */
export function categoryHref(slug: string): string {
  return `/products?category=${encodeURIComponent(slug)}`;
}

/** The first image's url, or the fallback. */
export function homeProductImage(product: Pick<HomeProduct, "images" | "name">): {
  url: string;
  alt: string;
} {
  const first = product.images[0];
  return first?.url
    ? { url: first.url, alt: first.alt || product.name }
    : { url: FALLBACK_PRODUCT_IMAGE, alt: product.name };
}
