/**
 * The catalogue as shopping feeds see it (docs/decisions/0243-product-feeds.md): one item per
 * variant combination of an active product, with the values Google Merchant Center and Meta's
 * commerce catalogue take. Pure: the feeds' writers (google-feed.ts, meta-feed.ts) format these.
 */
import { paiseToRupeeString } from "~/lib/money";
import { type Product, productPath, variantGroups } from "~/features/catalogue/catalogue";
import type { Variant } from "~/features/catalogue/variants";
import { type FeedAvailability, feedAvailability } from "./feed-availability";
import { plainText } from "./plain-text";
import { variantLink } from "./variant-link";

/** Google: id and item_group_id 1-50 characters; title at most 150; description at most 5,000. */
export const MAX_ID = 50;
export const MAX_TITLE = 150;
export const MAX_DESCRIPTION = 5000;
/** Google takes up to 10 additional images (Meta 20): the smaller of the two. */
export const MAX_ADDITIONAL_IMAGES = 10;
/** Past this many combinations a product lists its first ones only (a catalogue, not a matrix). */
export const MAX_COMBINATIONS = 100;
/** Every item's Google product category (the owner's collection goes in product_type). */
export const GOOGLE_CATEGORY = "Home & Garden > Decor > Artwork";

export interface FeedItem {
  id: string;
  /** The product's id when it has variants (item_group_id); null for a product without. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: FeedAvailability;
  /** The regular price, "1499.00 INR". */
  price: string;
  /** The lower price being charged, when the compare price is above it. */
  salePrice: string | null;
  brand: string;
  condition: "new";
  googleProductCategory: string;
  productType: string;
  /** "1.25 kg" (Google: number plus unit, 0-1000 kg); null when the product has no weight. */
  shippingWeight: string | null;
  /** The chosen option of each variant group, in the groups' order. */
  options: { name: string; value: string }[];
}

export interface FeedContext {
  /** PUBLIC_SITE_URL without its trailing slash. */
  siteUrl: string;
  brand: string;
}

/** An image Google and Meta can show: JPEG, PNG, WebP or GIF by its path, or a Cloudinary image. */
export function isRasterImage(url: string): boolean {
  if (/^https:\/\/res\.cloudinary\.com\//i.test(url)) return true;
  const path = url.split(/[?#]/)[0] ?? "";
  return /\.(jpe?g|png|webp|gif)$/i.test(path);
}

/** "1499.00 INR": two decimals and the ISO 4217 code (Google and Meta's price format). */
export function feedPrice(paise: number, currency = "INR"): string {
  return `${paiseToRupeeString(paise)} ${currency}`;
}

/** The text itself when it fits, else its first characters and a short stable hash. */
export function feedId(text: string): string {
  if (text.length <= MAX_ID) return text;
  return `${text.slice(0, MAX_ID - 9)}-${shortHash(text)}`;
}

/** FNV-1a, 32 bits, as 8 hex characters: stable names for long ids. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** Every choice of one option per group, first groups varying slowest, at most `limit`. */
export function combinations<V extends Pick<Variant, "name">>(
  variants: readonly V[],
  limit = MAX_COMBINATIONS,
): V[][] {
  let result: V[][] = [[]];
  for (const [, options] of variantGroups(variants)) {
    const next: V[][] = [];
    for (const chosen of result) {
      for (const option of options) {
        if (next.length >= limit) break;
        next.push([...chosen, option]);
      }
    }
    result = next;
  }
  return result;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A path or URL as an absolute address on the shop's site. */
export function absoluteUrl(url: string, siteUrl: string): string {
  return new URL(url, `${siteUrl}/`).toString();
}

/**
 * The feed items of one product: none when it is not active or has no image a feed can show
 * (Google and Meta require one, and neither takes SVG); else one per variant combination.
 */
export function feedItems(product: Product, context: FeedContext): FeedItem[] {
  if (product.status !== "active") return [];
  const productImages = product.images.map((i) => i.url).filter(isRasterImage);
  const link = absoluteUrl(productPath(product.id), context.siteUrl);
  const description = cut(
    plainText(product.description) || `${product.name}, handmade in resin.`,
    MAX_DESCRIPTION,
  );
  const hasVariants = product.variants.length > 0;
  const items: FeedItem[] = [];
  for (const chosen of combinations(product.variants)) {
    const variantImages = chosen.flatMap((v) => v.images).filter(isRasterImage);
    const images = [...new Set([...variantImages, ...productImages])];
    const [first, ...rest] = images;
    if (!first) continue;
    const paise = product.price + chosen.reduce((sum, v) => sum + v.price, 0);
    const onSale = product.comparePrice > paise;
    const values = chosen.map((v) => v.value);
    items.push({
      id: hasVariants
        ? feedId(`${product.id}-${shortHash(chosen.map((v) => v.id).join("|"))}`)
        : feedId(product.id),
      groupId: hasVariants ? feedId(product.id) : null,
      title: cut(
        values.length ? `${product.name} - ${values.join(", ")}` : product.name,
        MAX_TITLE,
      ),
      description,
      link: variantLink(link, chosen),
      imageLink: absoluteUrl(first, context.siteUrl),
      additionalImageLinks: rest
        .slice(0, MAX_ADDITIONAL_IMAGES)
        .map((url) => absoluteUrl(url, context.siteUrl)),
      availability: feedAvailability(product),
      price: feedPrice(onSale ? product.comparePrice : paise, product.currency),
      salePrice: onSale ? feedPrice(paise, product.currency) : null,
      brand: context.brand,
      condition: "new",
      googleProductCategory: GOOGLE_CATEGORY,
      productType: product.category ? categoryName(product.category) : "",
      shippingWeight: product.weight > 0 ? `${product.weight} kg` : null,
      options: chosen.map((v) => ({ name: v.name, value: v.value })),
    });
  }
  return items;
}

function categoryName(category: NonNullable<Product["category"]>): string {
  return category.name?.trim() ? category.name : category.id;
}
