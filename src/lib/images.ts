/**
 * Responsive images for a stored image URL (pure; browser and server). Uploads are stored in widths
 * and formats the pages use (docs/decisions/0036-image-uploads.md); given the URL an upload answered,
 * this says which `src`, `srcset`, `sizes` and `<source>` elements a page should write:
 *
 *   /media/<hash>/<w>.<jpg|png|webp>   our own store: AVIF and WebP sources, the original format as
 *                                      the <img> fallback, every stored width up to <w>
 *   https://res.cloudinary.com/...     Cloudinary: width transformations with f_auto (it picks the format)
 *   anything else (seed artwork, SVG)  a plain `src`
 */

/** The widths an upload is stored in (never above the original's width). */
export const IMAGE_WIDTHS = [160, 320, 640, 960, 1280] as const;
export const MAX_IMAGE_WIDTH = 1280;

export type MediaExt = "jpg" | "png" | "webp" | "avif";

/** MIME type of each stored extension. */
export const MEDIA_TYPES: Record<MediaExt, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/** The display widths (CSS `sizes`) of each place the pages show an image, matching their layouts. */
export const IMAGE_SIZES = {
  /** Product grid: 2 columns, 3 from md, 4 from lg inside max-w-6xl. */
  productCard: "(min-width: 1152px) 265px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw",
  /** Product page: the main image fills one of two columns inside max-w-6xl. */
  productMain: "(min-width: 1152px) 544px, (min-width: 768px) 50vw, 100vw",
  /** Product page: five thumbnails under the main image. */
  productThumb: "(min-width: 1152px) 100px, (min-width: 768px) 10vw, 20vw",
  /** Spotlight Selections cards: w-[15rem], sm:w-[17rem]. */
  homeProduct: "(min-width: 640px) 272px, 240px",
  /** Browse Collections cards: w-40, sm:w-48. */
  categoryCard: "(min-width: 640px) 192px, 160px",
  /** Home hero: the arch (78% of its column, max-w-md on phones) and the small circle beside it. */
  heroMain: "(min-width: 768px) 440px, 78vw",
  heroSide: "(min-width: 768px) 220px, 38vw",
  /** Small square thumbnails (cart lines, order summaries). */
  thumb: "64px",
} as const;

export interface ImageSource {
  type: string;
  srcset: string;
}

export interface ResponsiveImage {
  src: string;
  /** Absent for an image that exists in one size only. */
  srcset?: string;
  sizes?: string;
  /** `<source>` elements for a `<picture>`, most preferred first (empty: a bare `<img>` will do). */
  sources: ImageSource[];
}

export interface MediaRef {
  hash: string;
  /** The largest stored width (the original's width when it was narrower than MAX_IMAGE_WIDTH). */
  width: number;
  /** The fallback format: the upload's own. */
  ext: Exclude<MediaExt, "avif">;
}

const MEDIA_URL = /^\/media\/([a-f0-9]{32})\/(\d{1,4})\.(jpg|png|webp)$/;
const MEDIA_FILE = /^([a-f0-9]{32})\/(\d{1,4})\.(jpg|png|webp|avif)$/;

/** The parts of one of our /media URLs as an upload answers it, or null. */
export function parseMediaUrl(url: string): MediaRef | null {
  const match = MEDIA_URL.exec(url);
  if (!match) return null;
  const width = Number(match[2]);
  if (width < 1 || width > MAX_IMAGE_WIDTH) return null;
  return { hash: match[1]!, width, ext: match[3] as MediaRef["ext"] };
}

/** A stored file's path under the media folder (`<hash>/<w>.<ext>`), checked strictly; null otherwise. */
export function parseMediaFile(
  path: string,
): { hash: string; width: number; ext: MediaExt } | null {
  const match = MEDIA_FILE.exec(path);
  if (!match) return null;
  const width = Number(match[2]);
  if (width < 1 || width > MAX_IMAGE_WIDTH) return null;
  return { hash: match[1]!, width, ext: match[3] as MediaExt };
}

/** Every width stored for an upload whose largest width is `max`. */
export function storedWidths(max: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < max), Math.min(max, MAX_IMAGE_WIDTH)];
}

/** The formats stored for an upload: AVIF and WebP first, then the original's format (once). */
export function storedFormats(original: MediaRef["ext"]): MediaExt[] {
  return original === "webp" ? ["avif", "webp"] : ["avif", "webp", original];
}

export function mediaUrl(hash: string, width: number, ext: MediaExt): string {
  return `/media/${hash}/${width}.${ext}`;
}

function mediaSrcset(ref: MediaRef, ext: MediaExt): string {
  return storedWidths(ref.width)
    .map((w) => `${mediaUrl(ref.hash, w, ext)} ${w}w`)
    .join(", ");
}

const CLOUDINARY_URL = /^(https:\/\/res\.cloudinary\.com\/[a-z0-9_-]+\/image\/upload\/)(.+)$/i;

/** True for a Cloudinary delivery URL (of any account); the server checks the account itself. */
export function isCloudinaryUrl(url: string): boolean {
  return CLOUDINARY_URL.test(url);
}

/** A Cloudinary delivery URL resized to `width` (never upscaled) in the format the browser takes best. */
export function cloudinaryUrl(url: string, width: number): string {
  const match = CLOUDINARY_URL.exec(url);
  if (!match) return url;
  return `${match[1]}c_limit,w_${width},f_auto,q_auto/${match[2]}`;
}

/** What a page writes for `url` shown at `sizes` (one of IMAGE_SIZES). */
export function responsiveImage(url: string, sizes: string): ResponsiveImage {
  const media = parseMediaUrl(url);
  if (media) {
    const fallback = storedFormats(media.ext).at(-1)!;
    const sources = storedFormats(media.ext)
      .filter((ext) => ext !== fallback)
      .map((ext) => ({ type: MEDIA_TYPES[ext], srcset: mediaSrcset(media, ext) }));
    return {
      src: mediaUrl(media.hash, media.width, fallback),
      srcset: mediaSrcset(media, fallback),
      sizes,
      sources,
    };
  }
  if (isCloudinaryUrl(url)) {
    const srcset = IMAGE_WIDTHS.map((w) => `${cloudinaryUrl(url, w)} ${w}w`).join(", ");
    return { src: cloudinaryUrl(url, MAX_IMAGE_WIDTH), srcset, sizes, sources: [] };
  }
  return { src: url, sources: [] };
}
