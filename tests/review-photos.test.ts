/**
 * Review photos through the upload pipeline (docs/decisions/0100-reviews.md) on PGlite and
 * PostgreSQL: only a shopper with a delivered purchase left to review may upload; an oversize file
 * or one that is not an image is refused and nothing is stored; a good photo is stored and its URL
 * is accepted by the review.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "../src/server/env";
import { REVIEW_PHOTO_MAX_BYTES } from "../src/features/reviews/reviews.api";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { makeOrder, makeReviewShop, makeShopperRow, sendReview } from "./helpers/reviews";
import { photo, postFile, storedFiles } from "./helpers/uploads";

vi.mock("../src/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const photosRoute = await import("../src/pages/v2/reviews/photos");
const saved = process.env.DATA_DIR;

describe.each(dbKinds)("review photos on %s", (kind) => {
  let t: TestDb;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "resin-review-photos-"));
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    resetEnvForTests();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a shopper with nothing to review, an oversize file and a non-image; stores a good photo", async () => {
    const shop = await makeReviewShop(t.db);
    const token = await makeShopperRow(t.db, "snapper");
    const jpeg = await photo(400, 300).jpeg().toBuffer();
    const send = (file: Uint8Array | Buffer, options: { type?: string; name?: string } = {}) =>
      postFile(photosRoute.POST!, file, { token, ...options });

    const early = await send(jpeg);
    expect(early.status).toBe(403);
    expect(early.json.error).toMatch(/once an order of yours has been delivered/);
    expect((await postFile(photosRoute.POST!, jpeg, {})).status).toBe(401);

    const order = await makeOrder(t.db, "snapper", [shop.frameId]);
    const huge = await send(Buffer.alloc(REVIEW_PHOTO_MAX_BYTES + 1024, 1));
    expect([400, 413]).toContain(huge.status);
    expect(huge.json.error).toMatch(/larger than 5 MB/);
    const text = await send(Buffer.from("not an image at all"), { name: "x.png" });
    expect(text.status).toBe(400);
    expect(await storedFiles(dataDir)).toEqual([]);

    const good = await send(jpeg);
    expect(good.status).toBe(201);
    const url = (good.json as { url?: string }).url!;
    expect(url).toMatch(/^\/media\/[a-f0-9]{32}\//);
    const posted = await sendReview(token, order, shop.frameId, { photos: [url] });
    expect(posted.status).toBe(201);
  });
});
