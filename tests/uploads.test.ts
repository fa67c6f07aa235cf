/**
 * POST /v2/upload-cloud (decision 0036): the owner only (checked before the body is read),
 * PNG/JPEG/WebP by their bytes, the size limit enforced while the body streams, nothing written on
 * any refusal. What is stored and served: uploads-stored.test.ts; Cloudinary:
 * uploads-cloudinary.test.ts; the shop: tests/helpers/upload-shop.ts.
 *
 * Uploads touch no table; the database only holds the owner's role, so PGlite alone is enough here.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/env";
import { call } from "./helpers/call";
import { apiContext as context, photo, streamingUpload, WRONG_TYPE } from "./helpers/uploads";
import { uploadRoute, useUploadShop } from "./helpers/upload-shop";
import { EMULATOR_PORTS } from "./helpers/ports";

const shop = useUploadShop(EMULATOR_PORTS.uploads);
const { upload, storedFiles } = shop;

describe("POST /v2/upload-cloud: who may upload", () => {
  it("answers 401 without a token and 403 to a shopper, before reading the body, writing nothing", async () => {
    for (const [token, status] of [
      [undefined, 401],
      [shop.shopper, 403],
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
      { token: shop.owner, name: "cat.png", type: "image/png" },
    );
    expect(answer).toEqual({ status: 400, json: { error: WRONG_TYPE } });
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a GIF and a PNG signature followed by garbage, whatever they claim to be", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect(await upload(gif, { token: shop.owner, name: "a.jpg", type: "image/jpeg" })).toEqual({
      status: 400,
      json: { error: WRONG_TYPE },
    });
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    expect(await upload(fake, { token: shop.owner })).toEqual({
      status: 400,
      json: { error: WRONG_TYPE },
    });
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a body past UPLOAD_MAX_BYTES while it streams, naming the limit, without reading the rest", async () => {
    process.env.UPLOAD_MAX_BYTES = String(256 * 1024);
    resetEnvForTests();
    const { request, counter, cancelled } = streamingUpload(20 * 1024 * 1024, {
      authorization: `Bearer ${shop.owner}`,
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
      authorization: `Bearer ${shop.owner}`,
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
    const answer = await upload(big, { token: shop.owner });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("8 KB");
    const json = await call(uploadRoute.POST, "/v2/upload-cloud", {
      method: "POST",
      token: shop.owner,
      body: { file: "x" },
    });
    expect(json.status).toBe(400);
    expect(json.json.error).toContain("multipart/form-data");
    expect(await storedFiles()).toEqual([]);
  });
});
