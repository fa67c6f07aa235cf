/**
 * With CLOUDINARY_URL set, POST /v2/upload-cloud stores the image in Cloudinary through its signed
 * upload API (decision 0036): checked and cleaned here first, signed on the server (the secret never
 * sent), against the fake Cloudinary of tests/helpers/fake-cloudinary.ts, never the internet. Who may
 * upload is tests/uploads.test.ts's job; here the token check is stubbed (as in bearer-routes).
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import { isUploadedImageUrl } from "~/features/media/uploaded-url.server";
import { resetEnvForTests } from "~/server/env";
import { addOwner, createTestDb, type TestDb } from "./helpers/db";
import { type FakeCloudinary, startFakeCloudinary } from "./helpers/fake-cloudinary";
import { photo, postFile, storedFiles, WRONG_TYPE } from "./helpers/uploads";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/upload-cloud");
const SAVED_ENV = [
  "DATA_DIR",
  "CLOUDINARY_URL",
  "CLOUDINARY_API_BASE",
  "DEMO_MODE",
  "FIREBASE_PROJECT_ID",
].map((k) => [k, process.env[k]] as const);
const owner = "test:owner";
let t: TestDb;
let dataDir: string;

const upload = (
  file: Uint8Array | Buffer,
  options: { name?: string; type?: string; token?: string } = {},
) => postFile(uploadRoute.POST!, file, options);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "resin-cloud-"));
  process.env.DATA_DIR = dataDir;
  t = await createTestDb("pglite");
  await addOwner(t.db, "owner");
});

afterAll(async () => {
  await t?.close();
  for (const [key, value] of SAVED_ENV) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  await rm(dataDir, { recursive: true, force: true });
});

describe("with CLOUDINARY_URL: Cloudinary's signed upload API", () => {
  let fake: FakeCloudinary;

  beforeAll(async () => {
    fake = await startFakeCloudinary();
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    fake.uploads = [];
    process.env.CLOUDINARY_URL = fake.url;
    process.env.CLOUDINARY_API_BASE = fake.base;
    resetEnvForTests();
  });

  it("sends the cleaned image with a SHA-1 signature made on the server, never the secret, and answers Cloudinary's URL", async () => {
    fake.uploadReply = {
      status: 200,
      body: {
        secure_url:
          "https://res.cloudinary.com/resin-cloud/image/upload/v1700000000/resintales/abc.jpg",
        public_id: "resintales/abc",
      },
    };
    const sideways = await photo(40, 20)
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Studio" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const answer = await upload(sideways, { token: owner, type: "image/jpeg", name: "a.jpg" });
    expect(answer).toEqual({
      status: 201,
      json: {
        secure_url:
          "https://res.cloudinary.com/resin-cloud/image/upload/v1700000000/resintales/abc.jpg",
      },
    });

    expect(fake.uploads).toHaveLength(1);
    const [{ url, form, raw }] = fake.uploads as [(typeof fake.uploads)[0]];
    expect(url).toBe("/v1_1/resin-cloud/image/upload");
    expect(form.get("api_key")).toBe("123456789012345");
    const publicId = form.get("public_id") as string;
    const timestamp = form.get("timestamp") as string;
    expect(publicId).toMatch(/^resintales\/[a-f0-9]{32}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHash("sha1")
      .update(`public_id=${publicId}&timestamp=${timestamp}top-secret-value`)
      .digest("hex");
    expect(form.get("signature")).toBe(expected);
    expect(raw.includes(Buffer.from("top-secret-value"))).toBe(false);
    const sent = Buffer.from(await (form.get("file") as File).arrayBuffer());
    const meta = await sharp(sent).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      "jpeg",
      20,
      40,
      undefined,
      undefined,
    ]);
    expect(await storedFiles(dataDir)).toEqual([]);
  });

  it("answers 502 with Cloudinary's message when it refuses (the secret never in the answer), and still checks the bytes first", async () => {
    fake.uploadReply = {
      status: 401,
      body: {
        error: { message: "Invalid Signature abc. String to sign - 'public_id=x&timestamp=1'." },
      },
    };
    const answer = await upload(await photo(30, 30).png().toBuffer(), { token: owner });
    expect(answer.status).toBe(502);
    expect(answer.json.error).toContain("Invalid Signature");
    expect(answer.json.error).not.toContain("top-secret-value");

    fake.uploads = [];
    expect(await upload(new TextEncoder().encode("not an image"), { token: owner })).toEqual({
      status: 400,
      json: { error: WRONG_TYPE },
    });
    expect(fake.uploads).toHaveLength(0);
  });

  it("counts this cloud's delivery URLs as uploaded images, and no other cloud's", async () => {
    expect(
      await isUploadedImageUrl(
        "https://res.cloudinary.com/resin-cloud/image/upload/v1/resintales/a.jpg",
      ),
    ).toBe(true);
    expect(
      await isUploadedImageUrl(
        "https://res.cloudinary.com/other-cloud/image/upload/v1/resintales/a.jpg",
      ),
    ).toBe(false);
    expect(
      await isUploadedImageUrl(
        'https://res.cloudinary.com/resin-cloud/image/upload/v1/a.jpg"onerror="x',
      ),
    ).toBe(false);
    // A product may carry the images its upload answered, in Cloudinary too.
    expect(
      isShopImageUrl("https://res.cloudinary.com/resin-cloud/image/upload/v1/resintales/a.jpg"),
    ).toBe(true);
    expect(
      isShopImageUrl("https://res.cloudinary.com/other-cloud/image/upload/v1/resintales/a.jpg"),
    ).toBe(false);
  });

  it("refuses an answer that is not a delivery URL of this cloud", async () => {
    fake.uploadReply = { status: 200, body: { secure_url: "https://evil.example/x.jpg" } };
    const answer = await upload(await photo(30, 30).png().toBuffer(), { token: owner });
    expect(answer.status).toBe(502);
  });
});
