/**
 * Customers' photos (docs/decisions/0262-customer-photos-private.md) on both engines: the upload is
 * re-encoded without EXIF or GPS (read back from the stored file), refusals (not an image, HEIC, a
 * decompression bomb, too small, too many) are a 400 with a sentence and store nothing, and the
 * access matrix: uploader, buyer, owner see it; another shopper, a stranger's guest cookie and an
 * anonymous visitor get 404.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { dbKinds } from "./helpers/db";
import {
  getRequest,
  givePhotoField,
  HEIC,
  jpegWithGps,
  orderWithPhotos,
  pngClaiming,
  runRoute,
  uploadRequest,
} from "./helpers/photos";
import { reviewShopKit, OWNER_UID } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/personal-photos");
const photoRoute = await import("~/pages/personal-photos/[id]");

useScratchDataDir("resin-photos-");

describe.each(dbKinds)("customer photos on %s", (kind) => {
  const { t, shop, shopper } = reviewShopKit(kind, "photo", (db, shop) =>
    givePhotoField(db, shop.frameId),
  );

  const upload = async (files: Uint8Array[], caller: Parameters<typeof runRoute>[3]) =>
    runRoute(uploadRoute.POST, await uploadRequest(shop.frameId, files), {}, caller);
  const view = (id: string, caller: Parameters<typeof runRoute>[3], size = "") =>
    runRoute(photoRoute.GET, getRequest(`/personal-photos/${id}${size}`), { id }, caller);
  const photoFolders = async () =>
    (await readdir(join(process.env.DATA_DIR!, "media")).catch(() => [])).filter((d) =>
      d.startsWith("photos-"),
    );

  it("keeps the photo re-encoded: no EXIF, no GPS, upright size recorded", async () => {
    const alice = await shopper();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload([original], { token: alice.token });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [stored] = res.json.photos;
    expect(stored).toMatchObject({ width: 400, height: 300, url: `/personal-photos/${stored.id}` });
    for (const size of ["", "?size=thumb"]) {
      const file = await view(stored.id, { user: { uid: alice.uid } }, size);
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toContain("no-store");
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(file.bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    const [row] = await t.db
      .select()
      .from(schema.personalPhotos)
      .where(eq(schema.personalPhotos.id, stored.id));
    expect(row).toMatchObject({ userId: alice.uid, guestKeyHash: null, fieldId: "photo" });
  });

  it("refuses what it cannot print with a sentence, storing nothing", async () => {
    const alice = await shopper();
    const before = await t.db.select().from(schema.personalPhotos);
    const foldersBefore = await photoFolders();
    const good = await jpegWithGps();
    for (const [files, error] of [
      [
        [new TextEncoder().encode("not a photo at all, just some words")],
        /Only JPEG, PNG and WebP/,
      ],
      [[HEIC()], /iPhone HEIC photo.*Most Compatible/],
      [[await pngClaiming(20000)], /20000 × 20000 pixels, more than the 50 megapixels/],
      [[await jpegWithGps(160, 120)], /160 × 120 pixels; "Your photo" needs at least 200 × 150/],
      [[good, good, good], /"Your photo" takes at most 2 photos/],
      [[good, await jpegWithGps(100, 100)], /needs at least 200 × 150/],
    ] as const) {
      const res = await upload([...files], { token: alice.token });
      expect(res.status, String(error)).toBe(400);
      expect(res.json.error).toMatch(error);
    }
    expect(await t.db.select().from(schema.personalPhotos)).toHaveLength(before.length);
    expect(await photoFolders()).toEqual(foldersBefore);
  });

  it("shows a photo to its uploader, the buyer, a guest by its own cookie and the owner; 404 to anyone else", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const buyer = await shopper();
    const [mine] = (await upload([await jpegWithGps()], { token: alice.token })).json.photos;
    const guestJar = new Map<string, string>();
    const guestRes = await upload([await jpegWithGps()], { jar: guestJar });
    expect(guestRes.status).toBe(201);
    expect(guestJar.get("guest_photos")).toMatch(/^[a-f0-9]{48}$/);
    const [guests] = guestRes.json.photos;
    // The buyer's order carries the guest's photo (as the merge and checkout leave it).
    await orderWithPhotos(t.db, buyer.uid, shop.frameId, [guests.id]);

    const owner = { user: { uid: OWNER_UID, role: "tm_admin" } };
    const matrix: [string, string, Parameters<typeof runRoute>[3], number][] = [
      ["uploader", mine.id, { user: { uid: alice.uid } }, 200],
      ["owner", mine.id, owner, 200],
      ["other shopper", mine.id, { user: { uid: bob.uid } }, 404],
      ["anonymous", mine.id, {}, 404],
      ["a guest's cookie", mine.id, { jar: guestJar }, 404],
      ["guest by its cookie", guests.id, { jar: guestJar }, 200],
      ["buyer", guests.id, { user: { uid: buyer.uid } }, 200],
      ["owner (guest's)", guests.id, owner, 200],
      ["other shopper (guest's)", guests.id, { user: { uid: bob.uid } }, 404],
      ["another guest", guests.id, { jar: new Map([["guest_photos", "a".repeat(48)]]) }, 404],
      ["anonymous (guest's)", guests.id, {}, 404],
      ["unknown id", `ph${"0".repeat(24)}`, owner, 404],
    ];
    for (const [who, id, caller, status] of matrix)
      expect((await view(id, caller)).status, who).toBe(status);
  });
});
