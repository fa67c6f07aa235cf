/**
 * POST /v2/upload-cloud and GET /media (decision 0036), what is stored and served: EXIF orientation
 * applied and metadata dropped, the pages' widths (never upscaled) in AVIF, WebP and the original
 * format, isUploadedImageUrl, long-lived caching and no way out of the media folder. Who may upload
 * and what is refused: uploads.test.ts.
 *
 * Uploads touch no table; the database only holds the owner's role, so PGlite alone is enough here.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isUploadedImageUrl } from "~/features/media/uploaded-url.server";
import { apiContext as context, photo } from "./helpers/uploads";
import { useUploadShop } from "./helpers/upload-shop";
import { EMULATOR_PORTS } from "./helpers/ports";

const mediaRoute = await import("~/pages/media/[...path]");

const shop = useUploadShop(EMULATOR_PORTS.uploadsStored);
const { upload, storedFiles } = shop;

describe("POST /v2/upload-cloud: what is stored", () => {
  it("turns a photo upright by its EXIF orientation and drops every metadata block", async () => {
    // Stored sideways: 40 x 20, left half blue; Orientation 6 says "turn 90 degrees clockwise".
    const sideways = await photo(40, 20)
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Copyright: "Secret Studio", ImageDescription: "taken at home" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const answer = await upload(sideways, {
      token: shop.owner,
      name: "IMG_0001.JPG",
      type: "image/jpeg",
    });
    expect(answer.status).toBe(201);
    expect(answer.json.secure_url).toMatch(/^\/media\/[a-f0-9]{32}\/20\.jpg$/);
    const files = (await storedFiles()).filter((f) => f.includes("."));
    expect(files.map((f) => f.split("/")[1]).sort()).toEqual(["20.avif", "20.jpg", "20.webp"]);
    for (const file of files) {
      const data = await readFile(join(shop.dataDir, "media", file));
      const meta = await sharp(data).metadata();
      expect([meta.width, meta.height], file).toEqual([20, 40]);
      expect(meta.orientation, file).toBeUndefined();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(data.includes(Buffer.from("Secret Studio")), file).toBe(false);
    }
    // Upright: the stored left (blue) half is now on top.
    const { data } = await sharp(
      join(shop.dataDir, "media", files.find((f) => f.endsWith(".jpg"))!),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3));
    expect(pixel(10, 5)[2]).toBeGreaterThan(150);
    expect(pixel(10, 35)[0]).toBeGreaterThan(150);
  });

  it("stores the pages' widths (160-1280) as AVIF, WebP and the original format, each really that wide", async () => {
    const png = await photo(1600, 900).png().toBuffer();
    const answer = await upload(png, { token: shop.owner });
    expect(answer.status).toBe(201);
    const [, , hash] = answer.json.secure_url!.split("/");
    expect(answer.json.secure_url).toBe(`/media/${hash}/1280.png`);
    const files = (await storedFiles()).filter((f) => f.includes("."));
    const expected = [160, 320, 640, 960, 1280].flatMap((w) =>
      ["avif", "png", "webp"].map((ext) => `${hash}/${w}.${ext}`),
    );
    expect(files).toEqual(expected.sort());
    for (const file of files) {
      const meta = await sharp(join(shop.dataDir, "media", file)).metadata();
      const width = Number(file.split("/")[1]!.split(".")[0]);
      expect(meta.width, file).toBe(width);
      expect(meta.format, file).toBe(
        file.endsWith(".avif") ? "heif" : file.endsWith(".png") ? "png" : "webp",
      );
    }
  });

  it("never upscales: a 500 px WebP is stored at 160, 320 and 500 in AVIF and WebP; the same bytes again land on the same names", async () => {
    const webp = await photo(500, 300).webp().toBuffer();
    const first = await upload(webp, { token: shop.owner, name: "x.webp", type: "image/webp" });
    expect(first.status).toBe(201);
    expect(first.json.secure_url).toMatch(/\/500\.webp$/);
    const names = (await storedFiles()).filter((f) => f.includes(".")).map((f) => f.split("/")[1]);
    expect(names).toEqual(["160.avif", "160.webp", "320.avif", "320.webp", "500.avif", "500.webp"]);
    const again = await upload(webp, {
      token: shop.owner,
      name: "other-name.webp",
      type: "image/webp",
    });
    expect(again.json.secure_url).toBe(first.json.secure_url);
    expect((await storedFiles()).filter((f) => f.includes(".")).length).toBe(6);
  });
});

describe("isUploadedImageUrl (for handlers that save an image URL)", () => {
  it("accepts an upload this shop stored and refuses made-up, foreign and altered URLs", async () => {
    const answer = await upload(await photo(200, 100).png().toBuffer(), { token: shop.owner });
    const url = answer.json.secure_url!;
    expect(await isUploadedImageUrl(url)).toBe(true);
    for (const other of [
      url.replace(/[a-f0-9]{32}/, "0123456789abcdef0123456789abcdef"),
      url.replace("200.png", "300.png"),
      `https://evil.example${url}`,
      "https://res.cloudinary.com/someone-else/image/upload/v1/x.jpg",
      "/images/products/frame.svg",
    ]) {
      expect(await isUploadedImageUrl(other), other).toBe(false);
    }
  });
});

describe("GET /media", () => {
  it("serves a stored file with a year of immutable caching, its type and nosniff; 304 for a known ETag", async () => {
    const answer = await upload(await photo(300, 200).jpeg().toBuffer(), {
      token: shop.owner,
      type: "image/jpeg",
      name: "a.jpg",
    });
    const path = answer.json.secure_url!.replace("/media/", "");
    for (const [file, type] of [
      [path, "image/jpeg"],
      [path.replace(".jpg", ".avif"), "image/avif"],
      [path.replace(".jpg", ".webp"), "image/webp"],
    ] as const) {
      const response = await mediaRoute.GET!(
        context(new Request(`http://127.0.0.1:4321/media/${file}`), { path: file }),
      );
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(await readFile(join(shop.dataDir, "media", file)))).toBe(true);
      const etag = response.headers.get("etag")!;
      const again = await mediaRoute.GET!(
        context(
          new Request(`http://127.0.0.1:4321/media/${file}`, {
            headers: { "if-none-match": etag },
          }),
          { path: file },
        ),
      );
      expect(again.status).toBe(304);
    }
  });

  it("answers 404 for anything else: unknown files, other names, and paths that try to leave the folder", async () => {
    const hash = "0123456789abcdef0123456789abcdef";
    await mkdir(join(shop.dataDir, "media", hash), { recursive: true });
    await writeFile(join(shop.dataDir, "media", hash, "notes.txt"), "private");
    await writeFile(join(shop.dataDir, "secret.jpg"), "private");
    for (const path of [
      `${hash}/640.jpg`,
      `${hash}/notes.txt`,
      `../secret.jpg`,
      `${hash}/../../secret.jpg`,
      `..%2fsecret.jpg`,
      `${hash}/640.jpg%00.png`,
      `/etc/passwd`,
      `${hash}`,
      ``,
    ]) {
      const response = await mediaRoute.GET!(
        context(new Request("http://127.0.0.1:4321/media/x"), { path }),
      );
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("private");
    }
  });
});
