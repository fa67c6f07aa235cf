/**
 * Photo fields on quotes (docs/decisions/0286-quote-photo-fields.md) on both engines: the link's
 * holder uploads photos for the quote's photo field (re-encoded, private); the access matrix (the
 * link holder and the owner see them; another shopper, anonymous, a wrong token get 404); the
 * payment takes only the quote's own photos (the one values schema first) and the order line
 * carries them; media:prune keeps them while the quote is open.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { NOT_THIS_QUOTES_PHOTO } from "~/features/custom/quote-personalisation.server";
import { prunePersonalPhotos } from "~/features/personalisation/photo-prune.server";
import { textField } from "~/features/personalisation/nameplate.fixtures";
import type { PersonalisationField } from "~/lib/personalisation-types";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { getRequest, jpegWithGps, PHOTO_FIELD, runRoute, type Caller } from "./helpers/photos";
import { useScratchDataDir } from "./helpers/scratch-data-dir";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/quotes/[token]/photos");
const quotePhotoRoute = await import("~/pages/quote/[token]/photos/[id]");
const photoRoute = await import("~/pages/personal-photos/[id]");

useScratchDataDir("resin-quote-photos-");

const FIELDS: PersonalisationField[] = [
  textField({ id: "names", label: "Names on the block" }),
  PHOTO_FIELD,
];

async function uploadRequest(token: string, files: Uint8Array[], field = "photo") {
  const form = new FormData();
  for (const [i, f] of files.entries())
    form.append("file", new Blob([new Uint8Array(f)], { type: "image/jpeg" }), `p${i}.jpg`);
  const encoded = new Response(form);
  return new Request(
    new URL(`/v2/quotes/${token}/photos?field=${field}`, "http://127.0.0.1:4321"),
    {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")! },
      body: await encoded.arrayBuffer(),
    },
  );
}

describe.each(dbKinds)("photo fields on quotes on %s", (kind) => {
  const k = customWorkKit(kind);

  async function photoQuote() {
    const product = await makeProduct(k.t.db, { name: "Photo block" });
    await k.t.db
      .update(schema.products)
      .set({ personalisation: FIELDS })
      .where(eq(schema.products.id, product.id));
    return k.sentQuote({ personalisationProductId: product.id });
  }
  const upload = async (token: string, files: Uint8Array[], field = "photo") =>
    runRoute(uploadRoute.POST, await uploadRequest(token, files, field), { token });
  const byLink = (token: string, id: string, size = "") =>
    runRoute(quotePhotoRoute.GET, getRequest(`/quote/${token}/photos/${id}${size}`), {
      token,
      id,
    });
  const byId = (id: string, caller: Caller) =>
    runRoute(photoRoute.GET, getRequest(`/personal-photos/${id}`), { id }, caller);

  it("the link's holder uploads a photo (no EXIF); the holder and the owner see it, no one else", async () => {
    const q = await photoQuote();
    const other = await photoQuote();
    const res = await upload(q.token, [await jpegWithGps()]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [photo] = res.json.photos;
    expect(photo.url).toBe(`/quote/${q.token}/photos/${photo.id}`);
    const [row] = await k.t.db
      .select()
      .from(schema.personalPhotos)
      .where(eq(schema.personalPhotos.id, photo.id));
    expect(row).toMatchObject({ quoteId: q.id, userId: null, guestKeyHash: null });

    for (const size of ["", "?size=thumb"]) {
      const seen = await byLink(q.token, photo.id, size);
      expect(seen.status).toBe(200);
      expect(seen.headers.get("cache-control")).toContain("no-store");
      expect((await sharp(seen.bytes).metadata()).exif).toBeUndefined();
    }
    const matrix: [string, () => ReturnType<typeof byLink>, number][] = [
      ["owner", () => byId(photo.id, { user: { uid: "owner-1", role: "tm_admin" } }), 200],
      ["another shopper", () => byId(photo.id, { user: { uid: "someone-else" } }), 404],
      ["anonymous", () => byId(photo.id, {}), 404],
      ["another quote's token", () => byLink(other.token, photo.id), 404],
      ["a wrong token", () => byLink("x".repeat(43), photo.id), 404],
      ["the holder, the original", () => byLink(q.token, photo.id, "?size=original"), 200],
    ];
    for (const [who, see, status] of matrix) expect((await see()).status, who).toBe(status);
    // The link holder never gets the original for printing (the owner's only): the print copy.
    const asked = await byLink(q.token, photo.id, "?size=original");
    expect(asked.headers.get("content-disposition")).toBeNull();
  });

  it("refuses a field the quote does not have and a photo too small, storing nothing", async () => {
    const q = await photoQuote();
    const before = await k.t.db.select().from(schema.personalPhotos);
    const wrong = await upload(q.token, [await jpegWithGps()], "names");
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("This quote has no such photo field.");
    const small = await upload(q.token, [await jpegWithGps(100, 80)]);
    expect(small.status).toBe(400);
    expect(small.json.error).toMatch(/needs at least 200 × 150/);
    const unknown = await upload("y".repeat(43), [await jpegWithGps()]);
    expect(unknown.status).toBe(404);
    expect(await k.t.db.select().from(schema.personalPhotos)).toHaveLength(before.length);
  });

  it("paying takes the quote's own photos only, checked by the one schema; the order line carries them", async () => {
    const q = await photoQuote();
    const other = await photoQuote();
    const [mine] = (await upload(q.token, [await jpegWithGps()])).json.photos;
    const [theirs] = (await upload(other.token, [await jpegWithGps()])).json.photos;
    const ordersOf = () =>
      k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id));

    const missing = await pay(q.token, { names: "Asha & Ravi" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Please add a photo for "Your photo".');
    const foreign = await pay(q.token, { names: "Asha & Ravi", photo: [theirs.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toBe(NOT_THIS_QUOTES_PHOTO);
    expect(await ordersOf()).toHaveLength(0);

    const ok = await pay(q.token, { names: "Asha & Ravi", photo: [mine.id] });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const [order] = await ordersOf();
    const [item] = await k.t.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order!.id));
    expect(item!.personalisation).toEqual([
      { id: "names", label: "Names on the block", kind: "text", value: "Asha & Ravi" },
      { id: "photo", label: "Your photo", kind: "photo", value: "", photos: [mine.id] },
    ]);
  });

  it("media:prune keeps an open quote's photos past the grace period, not a withdrawn one's", async () => {
    const q = await photoQuote();
    const [photo] = (await upload(q.token, [await jpegWithGps()])).json.photos;
    const later = Date.now() + 8 * 86_400_000;
    expect((await prunePersonalPhotos(k.t.db, { apply: false, now: later })).unused).not.toContain(
      photo.id,
    );
    await k.t.db
      .update(schema.quotes)
      .set({ status: "withdrawn" })
      .where(eq(schema.quotes.id, q.id));
    const report = await prunePersonalPhotos(k.t.db, { apply: true, now: later });
    expect(report.unused).toContain(photo.id);
    expect(
      await k.t.db
        .select()
        .from(schema.personalPhotos)
        .where(eq(schema.personalPhotos.id, photo.id)),
    ).toHaveLength(0);
  });

  const pay = (token: string, personalisation: Record<string, unknown>) =>
    k.pay(token, payBody({ personalisation }));
});
