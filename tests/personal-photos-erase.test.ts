/**
 * Customers' photos and the account's erasure and retention (docs/decisions/0263-customer-photo-retention.md)
 * on both engines: erasure deletes the photos at once, but for those an order in production names
 * (kept, no longer the account's, until the hold ends: then they go with the order's details);
 * prune deletes an order's photos 90 days after its delivery, not before.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { prunePersonalPhotos } from "~/features/personalisation/photo-prune.server";
import { eraseAccountData } from "~/features/privacy/erase.server";
import { finishHeldErasures } from "~/features/privacy/erase-held.server";
import { dbKinds } from "./helpers/db";
import { uploadedPhoto, givePhotoField, orderWithPhotos } from "./helpers/photos";
import { reviewShopKit } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/personal-photos");
useScratchDataDir("resin-photos-erase-");
const DAY = 86_400_000;

describe.each(dbKinds)("customer photos, erasure and retention on %s", (kind) => {
  const { t, shop, shopper } = reviewShopKit(kind, "photo-erase", (db, shop) =>
    givePhotoField(db, shop.frameId),
  );

  const upload = (token: string) => uploadedPhoto(uploadRoute.POST, shop.frameId, { token });
  const orderWith = (
    uid: string,
    photo: string,
    status: "processing" | "delivered",
    deliveredAt?: Date,
  ) => orderWithPhotos(t.db, uid, shop.frameId, [photo], status, deliveredAt);
  const rowOf = async (id: string) =>
    (await t.db.select().from(schema.personalPhotos).where(eq(schema.personalPhotos.id, id)))[0];
  const fileExists = (id: string) =>
    access(join(process.env.DATA_DIR!, "media", `photos-${id}`, "photo.jpg")).then(
      () => true,
      () => false,
    );

  it("erases the photos but those an order in production needs, which go when its hold ends", async () => {
    const erin = await shopper();
    const loose = await upload(erin.token);
    const needed = await upload(erin.token);
    const orderId = await orderWith(erin.uid, needed, "processing");
    await eraseAccountData(t.db, erin.uid, "remove", null);
    expect(await rowOf(loose)).toBeUndefined();
    expect(await fileExists(loose)).toBe(false);
    expect(await rowOf(needed)).toMatchObject({ userId: null, guestKeyHash: null });
    expect(await fileExists(needed)).toBe(true);
    // Delivered long ago: the hold is over, the order's details and its photos go.
    await t.db
      .update(schema.orders)
      .set({
        status: "delivered",
        timeline: { delivered: new Date(Date.now() - 30 * DAY).toISOString() },
      })
      .where(eq(schema.orders.id, orderId));
    await finishHeldErasures(t.db);
    expect(await rowOf(needed)).toBeUndefined();
    expect(await fileExists(needed)).toBe(false);
  });

  it("keeps an order's photos until 90 days after delivery", async () => {
    const faye = await shopper();
    const recent = await upload(faye.token);
    const long = await upload(faye.token);
    await orderWith(faye.uid, recent, "delivered", new Date(Date.now() - 80 * DAY));
    await orderWith(faye.uid, long, "delivered", new Date(Date.now() - 91 * DAY));
    const old = new Date(Date.now() - 100 * DAY);
    for (const id of [recent, long])
      await t.db
        .update(schema.personalPhotos)
        .set({ createdAt: old })
        .where(eq(schema.personalPhotos.id, id));
    const report = await prunePersonalPhotos(t.db, { apply: true });
    expect(report.unused).toContain(long);
    expect(report.unused).not.toContain(recent);
    expect(await rowOf(recent)).toBeDefined();
    expect(await fileExists(long)).toBe(false);
  });
});
