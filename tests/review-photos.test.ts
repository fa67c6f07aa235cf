/**
 * Review photos through the upload pipeline (docs/decisions/0100-reviews.md) on PGlite and
 * PostgreSQL: only a shopper with a delivered purchase left to review may upload; an oversize file
 * or one that is not an image is refused and nothing is stored; a good photo is stored and its URL
 * is accepted by the review. A review takes only photos its writer uploaded for it: another
 * shopper's upload, an image the owner uploaded (a proof) and a photo already in another review are
 * refused, and nothing is written.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { REVIEW_PHOTO_MAX_BYTES } from "~/features/reviews/reviews.api";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { referencedUploads } from "~/features/media/media-prune.server";
import { REVIEW_TEXTS } from "~/features/reviews/reviews";
import { makeOrder, makeReviewShop, makeShopperRow, OWNER, sendReview } from "./helpers/reviews";
import { photo, postFile, storedFiles } from "./helpers/uploads";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const photosRoute = await import("~/pages/v2/reviews/photos");
const uploadRoute = await import("~/pages/v2/upload-cloud");
const saved = process.env.DATA_DIR;
/** The upload's folder name in its /media URL. */
const hashOf = (url: string) => /^\/media\/([a-f0-9]{32})\//.exec(url)![1]!;

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

  it("takes only photos the writer uploaded for this review", async () => {
    const shop = await makeReviewShop(t.db);
    const mine = await makeShopperRow(t.db, "owner-of-photo");
    const thief = await makeShopperRow(t.db, "photo-thief");
    const mineOrder = await makeOrder(t.db, "owner-of-photo", [shop.frameId, shop.tagId]);
    const thiefOrder = await makeOrder(t.db, "photo-thief", [shop.frameId]);
    const upload = async (token: string, width: number) => {
      const jpeg = await photo(width, 200).jpeg().toBuffer();
      const res = await postFile(photosRoute.POST!, jpeg, { token });
      expect(res.status).toBe(201);
      return (res.json as { url: string }).url;
    };
    const theirs = await upload(mine, 321);
    const unused = await upload(mine, 322);
    const proof = await postFile(uploadRoute.POST!, await photo(333, 200).jpeg().toBuffer(), {
      token: OWNER,
    });
    expect(proof.status).toBe(201);
    const proofUrl = (proof.json as { secure_url: string }).secure_url;

    for (const photos of [[theirs], [proofUrl]]) {
      const stolen = await sendReview(thief, thiefOrder, shop.frameId, { photos });
      expect(stolen.status).toBe(400);
      expect(stolen.json.error).toBe(REVIEW_TEXTS.notOurPhoto);
    }
    const none = await t.db
      .select()
      .from(schema.reviews)
      .where(eq(schema.reviews.userId, "photo-thief"));
    expect(none).toEqual([]);

    expect((await sendReview(mine, mineOrder, shop.frameId, { photos: [theirs] })).status).toBe(
      201,
    );
    const again = await sendReview(mine, mineOrder, shop.tagId, { photos: [theirs] });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(REVIEW_TEXTS.notOurPhoto);

    // The record of who uploaded what is not a use: an upload no review took can still be pruned.
    const used = await referencedUploads(t.db);
    expect(used.has(hashOf(theirs))).toBe(true);
    expect(used.has(hashOf(unused))).toBe(false);
  });
});
