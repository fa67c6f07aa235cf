/**
 * "Keep originals for printing" (docs/decisions/0285-keep-photo-originals.md) on both engines: off
 * by default (no original kept); on, the full-size original is kept re-encoded without EXIF or GPS
 * (read back), served only to the owner as a download and listed on the owner's order detail
 * (not a studio member's), and deleted with the photo by prune and by erasure.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  eraseAccountPhotos,
  removeErasedPhotoFiles,
} from "~/features/personalisation/photo-erase.server";
import { prunePersonalPhotos } from "~/features/personalisation/photo-prune.server";
import { schema } from "~/server/db/client";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import {
  type Caller,
  getRequest,
  givePhotoField,
  jpegWithGps,
  orderWithPhotos,
  runRoute,
  uploadRequest,
} from "./helpers/photos";
import { makeReviewShop, makeShopperRow, OWNER_UID, type ReviewShop } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/personal-photos");
const photoRoute = await import("~/pages/personal-photos/[id]");
const adminOrderRoute = await import("~/pages/v2/admin/order/[id]");

useScratchDataDir("resin-photo-originals-");

describe.each(dbKinds)("originals kept for printing on %s", (kind) => {
  let t: TestDb;
  let shop: ReviewShop;
  let n = 0;
  beforeAll(async () => {
    t = await createTestDb(kind);
    shop = await makeReviewShop(t.db);
    await givePhotoField(t.db, shop.frameId);
    await t.db.insert(schema.users).values({ id: "studio-1", email: "studio@example.com" });
    await t.db.update(schema.users).set({ role: "studio" }).where(eq(schema.users.id, "studio-1"));
  });
  afterAll(async () => {
    await t.close();
  });

  const shopper = async () => {
    const uid = `orig-${kind}-${++n}`;
    return { uid, token: await makeShopperRow(t.db, uid) };
  };
  const setKeep = async (on: boolean) => {
    await t.db.delete(schema.shopSettings).where(eq(schema.shopSettings.section, "privacy"));
    if (on)
      await t.db
        .insert(schema.shopSettings)
        .values({ section: "privacy", value: { keepPhotoOriginals: true }, version: 1 });
  };
  const upload = async (token: string, width = 4400, height = 300) =>
    (
      await runRoute(
        uploadRoute.POST,
        await uploadRequest(shop.frameId, [await jpegWithGps(width, height)]),
        {},
        { token },
      )
    ).json.photos[0] as { id: string };
  const original = (id: string, caller: Caller) =>
    runRoute(photoRoute.GET, getRequest(`/personal-photos/${id}?size=original`), { id }, caller);
  const owner: Caller = { user: { uid: OWNER_UID, role: "tm_admin" } };
  const folder = async (id: string) =>
    readdir(join(process.env.DATA_DIR!, "media", `photos-${id}`)).catch(() => [] as string[]);

  it("off by default: only the print copy and its thumbnail are kept", async () => {
    await setKeep(false);
    const alice = await shopper();
    const photo = await upload(alice.token);
    expect((await folder(photo.id)).sort()).toEqual(["photo.jpg", "thumb.jpg"]);
    expect((await original(photo.id, owner)).status).toBe(404);
  });

  it("on: the full-size original without EXIF or GPS, the owner's only, listed on the owner's order", async () => {
    await setKeep(true);
    const alice = await shopper();
    const photo = await upload(alice.token);
    expect((await folder(photo.id)).sort()).toEqual(["original.jpeg", "photo.jpg", "thumb.jpg"]);
    const [row] = await t.db
      .select()
      .from(schema.personalPhotos)
      .where(eq(schema.personalPhotos.id, photo.id));
    expect(row!.originalType).toBe("jpeg");

    const file = await original(photo.id, owner);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="${photo.id}-original.jpeg"`,
    );
    expect(file.headers.get("cache-control")).toContain("no-store");
    const meta = await sharp(file.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([4400, 300]); // the print copy stops at 4000
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(file.bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    for (const [who, caller] of [
      ["the uploader", { user: { uid: alice.uid } }],
      ["anonymous", {}],
      ["another shopper", { user: { uid: "someone-else" } }],
    ] as const)
      expect((await original(photo.id, caller)).status, who).toBe(404);

    const orderId = await orderWithPhotos(t.db, alice.uid, shop.frameId, [photo.id]);
    const detail = (token: string) =>
      runRoute(
        adminOrderRoute.GET,
        getRequest(`/v2/admin/order/${orderId}`),
        { id: orderId },
        {
          token,
        },
      );
    const ownerView = await detail(`test:${OWNER_UID}`);
    expect(ownerView.status).toBe(200);
    expect(ownerView.json.photoOriginals).toEqual([photo.id]);
    const studioView = await detail("test:studio-1");
    expect(studioView.status).toBe(200);
    expect(studioView.json.photoOriginals).toEqual([]);
  });

  it("deleted with the photo: by prune and by erasure", async () => {
    await setKeep(true);
    const bob = await shopper();
    const erased = await upload(bob.token);
    const gone = await t.db.transaction((tx) => eraseAccountPhotos(tx, bob.uid, []));
    expect(gone).toEqual([erased.id]);
    await removeErasedPhotoFiles(gone);
    expect(await folder(erased.id)).toEqual([]);
    const carol = await shopper();
    const pruned = await upload(carol.token);
    expect((await folder(pruned.id)).length).toBe(3);
    const later = Date.now() + 8 * 86_400_000;
    expect((await prunePersonalPhotos(t.db, { apply: true, now: later })).unused).toContain(
      pruned.id,
    );
    expect(await folder(pruned.id)).toEqual([]);
  });
});
