/**
 * Customers' photos in carts and orders (docs/decisions/0262-customer-photos-private.md) on both
 * engines: a cart line takes only the shopper's own photos; the guest cart's photos move to the
 * account with the merge (by the guest's own cookie, never another guest's); checkout leaves out a
 * line carrying a photo that is not the shopper's; `media:prune` deletes photos in no cart or order
 * after 7 days and keeps the rest.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { lockedCheckoutLines } from "~/features/cart/cart-checkout.server";
import { prunePersonalPhotos } from "~/features/personalisation/photo-prune.server";
import { dbKinds } from "./helpers/db";
import {
  uploadedPhoto,
  type Caller,
  givePhotoField,
  orderWithPhotos,
  runRoute,
} from "./helpers/photos";
import { reviewShopKit } from "./helpers/reviews";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/personal-photos");
const cartsRoute = await import("~/pages/v2/carts");
const mergeRoute = await import("~/pages/v2/carts-merge");

useScratchDataDir("resin-photos-cart-");
const DAY = 86_400_000;

describe.each(dbKinds)("customer photos in carts and orders on %s", (kind) => {
  const { t, shop, shopper } = reviewShopKit(kind, "photo-cart", (db, shop) =>
    givePhotoField(db, shop.frameId),
  );

  const upload = (caller: Caller) => uploadedPhoto(uploadRoute.POST, shop.frameId, caller);
  const line = (photoId: string) => ({
    productId: shop.frameId,
    personalisation: { photo: [photoId] },
  });
  const json = (url: string, method: string, body: unknown) =>
    new Request(new URL(url, "http://127.0.0.1:4321"), {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const addToCart = (token: string, photoId: string) =>
    runRoute(cartsRoute.POST, json("/v2/carts", "POST", line(photoId)), {}, { token });
  const cartPhotos = async (uid: string) =>
    t.db.transaction(async (tx) =>
      (await lockedCheckoutLines(tx, uid)).lines.flatMap((l) =>
        (l.personalisation ?? []).flatMap((p) => p.photos ?? []),
      ),
    );

  it("takes the shopper's own photo into the cart and refuses another's, writing nothing", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const hers = await upload({ token: alice.token });
    const refused = await addToCart(bob.token, hers);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(
      "One of the photos is not one you uploaded; please add it again.",
    );
    expect(await cartPhotos(bob.uid)).toEqual([]);
    const added = await addToCart(alice.token, hers);
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json.items[0].personalisation[0].photos).toEqual([hers]);
    expect(await cartPhotos(alice.uid)).toEqual([hers]);
  });

  it("moves the guest cart's photos with the merge, by the guest's own cookie only", async () => {
    const carol = await shopper();
    const guest = new Map<string, string>();
    const stranger = new Map<string, string>();
    const guestPhoto = await upload({ jar: guest });
    const strangerPhoto = await upload({ jar: stranger });
    const merged = await runRoute(
      mergeRoute.PUT,
      json("/v2/carts-merge", "PUT", { items: [line(guestPhoto), line(strangerPhoto)] }),
      {},
      { token: carol.token, jar: guest },
    );
    expect(merged.status, JSON.stringify(merged.json)).toBe(200);
    expect(merged.json.skipped).toEqual([
      {
        productId: shop.frameId,
        reason: "One of the photos is not one you uploaded; please add it again.",
      },
    ]);
    expect(await cartPhotos(carol.uid)).toEqual([guestPhoto]);
    const [row] = await t.db
      .select()
      .from(schema.personalPhotos)
      .where(eq(schema.personalPhotos.id, guestPhoto));
    expect(row).toMatchObject({ userId: carol.uid, guestKeyHash: null });
  });

  it("prunes photos in no cart or order after 7 days, keeping the rest", async () => {
    const dave = await shopper();
    const inCart = await upload({ token: dave.token });
    expect((await addToCart(dave.token, inCart)).status).toBe(200);
    const inOrder = await upload({ token: dave.token });
    await orderWithPhotos(t.db, dave.uid, shop.frameId, [inOrder]);
    const abandoned = await upload({ token: dave.token });
    const young = await upload({ token: dave.token });
    const old = new Date(Date.now() - 8 * DAY);
    for (const id of [inCart, inOrder, abandoned])
      await t.db
        .update(schema.personalPhotos)
        .set({ createdAt: old })
        .where(eq(schema.personalPhotos.id, id));
    const report = await prunePersonalPhotos(t.db, { apply: true });
    expect(report.unused).toContain(abandoned);
    for (const kept of [inCart, inOrder, young]) expect(report.unused).not.toContain(kept);
    const ids = (await t.db.select().from(schema.personalPhotos)).map((r) => r.id);
    expect(ids).not.toContain(abandoned);
    expect(ids).toEqual(expect.arrayContaining([inCart, inOrder, young]));
    const folder = (id: string) => join(process.env.DATA_DIR!, "media", `photos-${id}`);
    await expect(access(folder(abandoned))).rejects.toThrow();
    await expect(access(folder(inCart))).resolves.toBeUndefined();
  });
});
