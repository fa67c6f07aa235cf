/**
 * A product page's link preview (docs/decisions/0244-link-previews.md): the Open Graph product
 * tags Facebook, Instagram and WhatsApp read (title, price, an absolute image URL of a size they
 * take) and Twitter's card tags. Pure: ProductSocialTags.astro writes them into the page's head.
 */
import { cloudinaryUrl, isCloudinaryUrl, mediaUrl, parseMediaUrl } from "~/lib/images";
import { formatInr, paiseToRupeeString } from "~/lib/money";
import { effectiveListPrice, type Product } from "~/features/catalogue/catalogue";
import { feedAvailability } from "./feed-availability";
import { absoluteUrl, isRasterImage } from "./feed-items";

/**
 * The preview's width: above Facebook's 600 px for a large card (1200 recommended, 200 the
 * minimum) and small enough that a stored JPEG stays well under the ~300 KB past which WhatsApp
 * shows no picture.
 */
export const PREVIEW_WIDTH = 960;
/** Cloudinary makes a JPEG at Facebook's recommended width, compressed by its own quality rule. */
export const CLOUDINARY_PREVIEW_WIDTH = 1200;

export interface PreviewImage {
  url: string;
  type: string;
  alt: string;
}

/**
 * The image a preview shows, through the image pipeline: our uploads at PREVIEW_WIDTH (a JPEG
 * upload as JPEG; PNG and WebP uploads as the stored WebP, far smaller than a PNG photo), a
 * Cloudinary image as a JPEG; null for an image no preview takes (SVG artwork).
 */
export function previewImage(
  image: { url: string; alt: string } | undefined,
  name: string,
): { url: string; type: string; alt: string } | null {
  if (!image) return null;
  const alt = image.alt || name;
  const media = parseMediaUrl(image.url);
  if (media) {
    const width = Math.min(PREVIEW_WIDTH, media.width);
    const ext = media.ext === "jpg" ? "jpg" : "webp";
    return {
      url: mediaUrl(media.hash, width, ext),
      type: ext === "jpg" ? "image/jpeg" : "image/webp",
      alt,
    };
  }
  if (isCloudinaryUrl(image.url)) {
    const url = cloudinaryUrl(image.url, CLOUDINARY_PREVIEW_WIDTH).replace(",f_auto,", ",f_jpg,");
    return { url, type: "image/jpeg", alt };
  }
  return isRasterImage(image.url) ? { url: image.url, type: "", alt } : null;
}

export interface MetaTag {
  /** `property` for Open Graph, `name` for Twitter. */
  attribute: "property" | "name";
  key: string;
  content: string;
}

/**
 * The tags beside the shell's og:title, og:description, og:url and og:image (Shop.astro): the
 * price (product:price:* and the older og:price:*), availability and condition, the image's type
 * and alt text, and Twitter's title, description, image and a price label.
 */
export function productSocialTags(
  product: Product,
  view: { title: string; description: string; image: PreviewImage | null; siteUrl: string },
): MetaTag[] {
  const price = effectiveListPrice(product);
  const amount = paiseToRupeeString(price);
  const og = (key: string, content: string): MetaTag => ({ attribute: "property", key, content });
  const tw = (key: string, content: string): MetaTag => ({ attribute: "name", key, content });
  const image = view.image ? absoluteUrl(view.image.url, view.siteUrl) : null;
  return [
    og("product:price:amount", amount),
    og("product:price:currency", product.currency),
    og("og:price:amount", amount),
    og("og:price:currency", product.currency),
    og("product:availability", feedAvailability(product)),
    og("product:condition", "new"),
    og("product:retailer_item_id", product.id),
    ...(view.image?.type ? [og("og:image:type", view.image.type)] : []),
    ...(view.image ? [og("og:image:alt", view.image.alt)] : []),
    tw("twitter:title", view.title),
    tw("twitter:description", view.description),
    ...(image && view.image
      ? [tw("twitter:image", image), tw("twitter:image:alt", view.image.alt)]
      : []),
    tw("twitter:label1", "Price"),
    tw("twitter:data1", formatInr(price)),
  ];
}
