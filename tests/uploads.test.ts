/**
 * POST /v2/upload-cloud and GET /media (decision 0036): the owner only (checked before the body is
 * read), PNG/JPEG/WebP by their bytes, the size limit enforced while the body streams, nothing
 * written on any refusal, EXIF orientation applied and metadata dropped, the pages' widths (never
 * upscaled) in AVIF, WebP and the original format, long-lived caching and no way out of the media
 * folder. Cloudinary: tests/uploads-cloudinary.test.ts.
 *
 * Uploads touch no table; the database only holds the owner's role, so PGlite alone is enough here.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isUploadedImageUrl } from "../src/features/media/uploaded-url.server";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { call } from "./helpers/call";
import { createTestDb, type TestDb } from "./helpers/db";
import {
  apiContext as context,
  photo,
  postFile,
  storedFiles as filesIn,
  streamingUpload,
  WRONG_TYPE,
} from "./helpers/uploads";
import { EMULATOR_PORTS } from "./helpers/ports";

const uploadRoute = await import("../src/pages/v2/upload-cloud");
const mediaRoute = await import("../src/pages/media/[...path]");

const SAVED_ENV = ["DATA_DIR", "UPLOAD_MAX_BYTES", "CLOUDINARY_URL"].map(
  (k) => [k, process.env[k]] as const,
);

let auth: TestAuth;
let t: TestDb;
let owner: string;
let shopper: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "resin-uploads-"));
  process.env.DATA_DIR = dataDir;
  auth = await startTestAuth(EMULATOR_PORTS.uploads);
  const ownerAccount = await auth.createUser();
  const shopperAccount = await auth.createUser();
  owner = ownerAccount.token;
  shopper = shopperAccount.token;
  t = await createTestDb("pglite");
  await t.db.insert(schema.users).values([
    { id: ownerAccount.uid, email: ownerAccount.email, role: "tm_admin" },
    { id: shopperAccount.uid, email: shopperAccount.email },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await auth?.stop();
  for (const [key, value] of SAVED_ENV) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (
  file: Uint8Array | Buffer,
  options: { name?: string; type?: string; token?: string } = {},
) => postFile(uploadRoute.POST!, file, options);
const storedFiles = () => filesIn(dataDir);

beforeEach(async () => {
  delete process.env.CLOUDINARY_URL;
  delete process.env.UPLOAD_MAX_BYTES;
  resetEnvForTests();
  await rm(join(dataDir, "media"), { recursive: true, force: true });
});

describe("POST /v2/upload-cloud: who may upload", () => {
  it("answers 401 without a token and 403 to a shopper, before reading the body, writing nothing", async () => {
    for (const [token, status] of [
      [undefined, 401],
      [shopper, 403],
    ] as const) {
      const { request, counter } = streamingUpload(
        1024 * 1024,
        token ? { authorization: `Bearer ${token}` } : {},
      );
      const response = await uploadRoute.POST!(context(request));
      expect(response.status).toBe(status);
      expect(counter.produced, "bytes of the body read before the refusal").toBe(0);
    }
    expect(await storedFiles()).toEqual([]);
  });
});

describe("POST /v2/upload-cloud: what is refused", () => {
  it("refuses a text file disguised with a .png name and image/png type, storing nothing", async () => {
    const answer = await upload(
      new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"),
      { token: owner, name: "cat.png", type: "image/png" },
    );
    expect(answer).toEqual({ status: 400, json: { error: WRONG_TYPE } });
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a GIF and a PNG signature followed by garbage, whatever they claim to be", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect(await upload(gif, { token: owner, name: "a.jpg", type: "image/jpeg" })).toEqual({
      status: 400,
      json: { error: WRONG_TYPE },
    });
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    expect(await upload(fake, { token: owner })).toEqual({
      status: 400,
      json: { error: WRONG_TYPE },
    });
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a body past UPLOAD_MAX_BYTES while it streams, naming the limit, without reading the rest", async () => {
    process.env.UPLOAD_MAX_BYTES = String(256 * 1024);
    resetEnvForTests();
    const { request, counter, cancelled } = streamingUpload(20 * 1024 * 1024, {
      authorization: `Bearer ${owner}`,
    });
    const response = await uploadRoute.POST!(context(request));
    expect(response.status).toBe(400);
    expect(
      counter.produced,
      "bytes pulled of a 20 MB body when the refusal was answered",
    ).toBeLessThan(256 * 1024 + 16 * 1024 + 2 * 64 * 1024);
    expect(((await response.json()) as { error: string }).error).toContain("256 KB");
    // The rest is read and dropped for a while (so a client still sending sees the 400), then cut off.
    await cancelled;
    expect(counter.produced, "bytes pulled of a 20 MB body in all").toBeLessThan(
      2 * (256 + 16) * 1024 + 2 * 64 * 1024,
    );
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a declared Content-Length past the limit before reading anything", async () => {
    process.env.UPLOAD_MAX_BYTES = String(256 * 1024);
    resetEnvForTests();
    const { request, counter } = streamingUpload(20 * 1024 * 1024, {
      authorization: `Bearer ${owner}`,
      "content-length": String(20 * 1024 * 1024),
    });
    const response = await uploadRoute.POST!(context(request));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain("256 KB");
    expect(counter.produced).toBe(0);
  });

  it("refuses a file just over the limit that fits in the multipart allowance, and a body that is not multipart", async () => {
    process.env.UPLOAD_MAX_BYTES = String(8 * 1024);
    resetEnvForTests();
    const big = await photo(200, 200).png({ compressionLevel: 0 }).toBuffer();
    expect(big.byteLength).toBeGreaterThan(8 * 1024);
    const answer = await upload(big, { token: owner });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("8 KB");
    const json = await call(uploadRoute.POST, "/v2/upload-cloud", {
      method: "POST",
      token: owner,
      body: { file: "x" },
    });
    expect(json.status).toBe(400);
    expect(json.json.error).toContain("multipart/form-data");
    expect(await storedFiles()).toEqual([]);
  });
});

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
      token: owner,
      name: "IMG_0001.JPG",
      type: "image/jpeg",
    });
    expect(answer.status).toBe(201);
    expect(answer.json.secure_url).toMatch(/^\/media\/[a-f0-9]{32}\/20\.jpg$/);
    const files = (await storedFiles()).filter((f) => f.includes("."));
    expect(files.map((f) => f.split("/")[1]).sort()).toEqual(["20.avif", "20.jpg", "20.webp"]);
    for (const file of files) {
      const data = await readFile(join(dataDir, "media", file));
      const meta = await sharp(data).metadata();
      expect([meta.width, meta.height], file).toEqual([20, 40]);
      expect(meta.orientation, file).toBeUndefined();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(data.includes(Buffer.from("Secret Studio")), file).toBe(false);
    }
    // Upright: the stored left (blue) half is now on top.
    const { data } = await sharp(join(dataDir, "media", files.find((f) => f.endsWith(".jpg"))!))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3));
    expect(pixel(10, 5)[2]).toBeGreaterThan(150);
    expect(pixel(10, 35)[0]).toBeGreaterThan(150);
  });

  it("stores the pages' widths (160-1280) as AVIF, WebP and the original format, each really that wide", async () => {
    const png = await photo(1600, 900).png().toBuffer();
    const answer = await upload(png, { token: owner });
    expect(answer.status).toBe(201);
    const [, , hash] = answer.json.secure_url!.split("/");
    expect(answer.json.secure_url).toBe(`/media/${hash}/1280.png`);
    const files = (await storedFiles()).filter((f) => f.includes("."));
    const expected = [160, 320, 640, 960, 1280].flatMap((w) =>
      ["avif", "png", "webp"].map((ext) => `${hash}/${w}.${ext}`),
    );
    expect(files).toEqual(expected.sort());
    for (const file of files) {
      const meta = await sharp(join(dataDir, "media", file)).metadata();
      const width = Number(file.split("/")[1]!.split(".")[0]);
      expect(meta.width, file).toBe(width);
      expect(meta.format, file).toBe(
        file.endsWith(".avif") ? "heif" : file.endsWith(".png") ? "png" : "webp",
      );
    }
  });

  it("never upscales: a 500 px WebP is stored at 160, 320 and 500 in AVIF and WebP; the same bytes again land on the same names", async () => {
    const webp = await photo(500, 300).webp().toBuffer();
    const first = await upload(webp, { token: owner, name: "x.webp", type: "image/webp" });
    expect(first.status).toBe(201);
    expect(first.json.secure_url).toMatch(/\/500\.webp$/);
    const names = (await storedFiles()).filter((f) => f.includes(".")).map((f) => f.split("/")[1]);
    expect(names).toEqual(["160.avif", "160.webp", "320.avif", "320.webp", "500.avif", "500.webp"]);
    const again = await upload(webp, { token: owner, name: "other-name.webp", type: "image/webp" });
    expect(again.json.secure_url).toBe(first.json.secure_url);
    expect((await storedFiles()).filter((f) => f.includes(".")).length).toBe(6);
  });
});

describe("isUploadedImageUrl (for handlers that save an image URL)", () => {
  it("accepts an upload this shop stored and refuses made-up, foreign and altered URLs", async () => {
    const answer = await upload(await photo(200, 100).png().toBuffer(), { token: owner });
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
      token: owner,
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
      expect(body.equals(await readFile(join(dataDir, "media", file)))).toBe(true);
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
    await mkdir(join(dataDir, "media", hash), { recursive: true });
    await writeFile(join(dataDir, "media", hash, "notes.txt"), "private");
    await writeFile(join(dataDir, "secret.jpg"), "private");
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
