/**
 * For handlers that save an image URL (a category's image, a product's images): true only for an
 * image this shop's upload stored, either one of our /media uploads whose files exist or a delivery
 * URL of the configured Cloudinary account. Anything else (another host, a made-up hash) is false.
 */
import { isOwnCloudinaryUrl } from "./cloudinary.server";
import { isStoredMediaUrl } from "./media-store.server";

export async function isUploadedImageUrl(url: string): Promise<boolean> {
  return isOwnCloudinaryUrl(url) || (await isStoredMediaUrl(url));
}

/**
 * The shape of an image url the shop serves (its /media uploads, bundled /images artwork, its
 * Cloudinary account's), without looking at storage. Product writes check more strictly with
 * isProductImageUrl: the upload must really exist.
 */
export function isShopImageUrl(url: string): boolean {
  return (
    (/^\/(media|images)\/[A-Za-z0-9._/-]+$/.test(url) && !url.includes("..")) ||
    isOwnCloudinaryUrl(url)
  );
}
