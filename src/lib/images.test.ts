import { describe, expect, it } from "vitest";
import {
  cloudinaryUrl,
  IMAGE_SIZES,
  parseMediaFile,
  parseMediaUrl,
  responsiveImage,
  storedFormats,
  storedWidths,
} from "./images";

const HASH = "0123456789abcdef0123456789abcdef";

describe("parseMediaUrl / parseMediaFile", () => {
  it("reads the hash, largest width and fallback format of an uploaded image's URL", () => {
    expect(parseMediaUrl(`/media/${HASH}/1280.jpg`)).toEqual({
      hash: HASH,
      width: 1280,
      ext: "jpg",
    });
    expect(parseMediaUrl(`/media/${HASH}/500.png`)).toEqual({ hash: HASH, width: 500, ext: "png" });
  });

  it("refuses anything that is not exactly one stored upload (other paths, traversal, wider than stored, AVIF as the upload's own URL)", () => {
    for (const url of [
      `/media/${HASH}/1281.jpg`,
      `/media/${HASH}/0.jpg`,
      `/media/${HASH}/640.avif`,
      `/media/${HASH}/640.gif`,
      `/media/${HASH.toUpperCase()}/640.jpg`,
      `/media/../${HASH}/640.jpg`,
      `/media/${HASH}/640.jpg?x=1`,
      `https://evil.example/media/${HASH}/640.jpg`,
      "/images/products/frame.svg",
    ]) {
      expect(parseMediaUrl(url), url).toBeNull();
    }
  });

  it("accepts a stored file's path (any stored format) and nothing that could leave the folder", () => {
    expect(parseMediaFile(`${HASH}/640.avif`)).toEqual({ hash: HASH, width: 640, ext: "avif" });
    for (const path of [
      `../${HASH}/640.jpg`,
      `${HASH}/../640.jpg`,
      `${HASH}/640.jpg/..`,
      `${HASH}\\640.jpg`,
      `${HASH}/640.JPG`,
      "",
      `${HASH}`,
      `/etc/passwd`,
    ]) {
      expect(parseMediaFile(path), path).toBeNull();
    }
  });
});

describe("stored widths and formats", () => {
  it("stores every page width below the original and the original's own width, never more than 1280", () => {
    expect(storedWidths(1280)).toEqual([160, 320, 640, 960, 1280]);
    expect(storedWidths(500)).toEqual([160, 320, 500]);
    expect(storedWidths(320)).toEqual([160, 320]);
    expect(storedWidths(100)).toEqual([100]);
  });

  it("adds AVIF and WebP in front of the original's format, once", () => {
    expect(storedFormats("jpg")).toEqual(["avif", "webp", "jpg"]);
    expect(storedFormats("png")).toEqual(["avif", "webp", "png"]);
    expect(storedFormats("webp")).toEqual(["avif", "webp"]);
  });
});

describe("responsiveImage", () => {
  it("gives our uploads AVIF and WebP sources and the original format as the img fallback, with widths", () => {
    const image = responsiveImage(`/media/${HASH}/640.jpg`, IMAGE_SIZES.productCard);
    expect(image.src).toBe(`/media/${HASH}/640.jpg`);
    expect(image.srcset).toBe(
      `/media/${HASH}/160.jpg 160w, /media/${HASH}/320.jpg 320w, /media/${HASH}/640.jpg 640w`,
    );
    expect(image.sizes).toBe(IMAGE_SIZES.productCard);
    expect(image.sources).toEqual([
      {
        type: "image/avif",
        srcset: `/media/${HASH}/160.avif 160w, /media/${HASH}/320.avif 320w, /media/${HASH}/640.avif 640w`,
      },
      {
        type: "image/webp",
        srcset: `/media/${HASH}/160.webp 160w, /media/${HASH}/320.webp 320w, /media/${HASH}/640.webp 640w`,
      },
    ]);
  });

  it("uses WebP as the fallback of a WebP upload, with AVIF as the one source", () => {
    const image = responsiveImage(`/media/${HASH}/960.webp`, "100vw");
    expect(image.src).toBe(`/media/${HASH}/960.webp`);
    expect(image.sources.map((s) => s.type)).toEqual(["image/avif"]);
  });

  it("asks Cloudinary for each width with automatic format and quality, never upscaled", () => {
    const url = "https://res.cloudinary.com/demo-cloud/image/upload/v1712345678/resintales/abc.jpg";
    expect(cloudinaryUrl(url, 320)).toBe(
      "https://res.cloudinary.com/demo-cloud/image/upload/c_limit,w_320,f_auto,q_auto/v1712345678/resintales/abc.jpg",
    );
    const image = responsiveImage(url, IMAGE_SIZES.homeProduct);
    expect(image.src).toBe(
      "https://res.cloudinary.com/demo-cloud/image/upload/c_limit,w_1280,f_auto,q_auto/v1712345678/resintales/abc.jpg",
    );
    expect(image.srcset?.split(", ")).toHaveLength(5);
    expect(image.srcset).toContain(
      "c_limit,w_160,f_auto,q_auto/v1712345678/resintales/abc.jpg 160w",
    );
    expect(image.sources).toEqual([]);
  });

  it("leaves any other image (seed artwork, SVG, other hosts) as a plain src", () => {
    for (const url of [
      "/images/products/frame-1.svg",
      "https://example.com/a.jpg",
      "http://res.cloudinary.com/x/image/upload/a.jpg",
      "",
    ]) {
      expect(responsiveImage(url, "100vw")).toEqual({ src: url, sources: [] });
    }
  });
});
