/**
 * Pruning unused uploads in Cloudinary (npm run media:prune with CLOUDINARY_URL,
 * docs/decisions/0049-media-prune.md), against the fake Admin API of tests/helpers/fake-cloudinary.ts:
 * an upload (public_id `<SHOP_SHORT_NAME>/<hash>`) stays while a row names its delivery URL of this
 * cloud, or while it is younger than the grace period; a dry run deletes nothing; listing follows
 * next_cursor; deletes go 100 at a time; a failing answer stops the run with a sentence.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cloudinaryConfig } from "~/features/media/cloudinary.server";
import { pruneMedia, referencedUploads } from "~/features/media/media-prune.server";
import {
  cloudinaryStore,
  type PruneStore,
  pruneStores,
} from "~/features/media/prune-stores.server";
import { resetEnvForTests } from "~/server/env";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { type FakeCloudinary, startFakeCloudinary } from "./helpers/fake-cloudinary";
import { seedPruneShop } from "./helpers/media-prune";
import { DAY_MS } from "~/lib/dates";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const OLD = new Date(NOW - 30 * DAY_MS);
const hash = (n: number) => n.toString(16).padStart(32, "0");
const id = (n: number) => `resintales/${hash(n)}`;
const delivered = (n: number, cloud = "resin-cloud") =>
  `https://res.cloudinary.com/${cloud}/image/upload/v1700000000/resintales/${hash(n)}.jpg`;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const SAVED_ENV = ["CLOUDINARY_URL", "CLOUDINARY_API_BASE", "SHOP_SHORT_NAME"].map(
  (k) => [k, process.env[k]] as const,
);

describe.each(dbKinds)("pruning unused Cloudinary uploads on %s", (kind) => {
  let t: TestDb;
  let fake: FakeCloudinary;
  let store: PruneStore;
  const prune = (apply: boolean, graceDays?: number) =>
    pruneMedia(t.db, { apply, now: NOW, store, graceDays });
  const calls = (method: string) => fake.adminCalls.filter((c) => c.method === method);

  beforeAll(async () => {
    fake = await startFakeCloudinary();
    process.env.CLOUDINARY_URL = fake.url;
    process.env.CLOUDINARY_API_BASE = fake.base;
    process.env.SHOP_SHORT_NAME = "resintales";
    resetEnvForTests();
    store = cloudinaryStore(cloudinaryConfig()!);
    t = await createTestDb(kind);
    await seedPruneShop(t.db, {
      categoryImg: delivered(1),
      // A page's resized copy: transformations between /upload/ and the public_id.
      description: `<img src="https://res.cloudinary.com/resin-cloud/image/upload/c_limit,w_320,f_auto,q_auto/v1700000000/resintales/${hash(2)}.jpg">`,
      images: [
        { id: "i1", productId: "p1", url: delivered(3), alt: "", isPrimary: true, position: 0 },
        // Another cloud's copy, and a /media URL of the same hash: neither names this cloud's upload.
        { id: "i2", productId: "p1", url: delivered(9, "other-cloud"), alt: "", position: 1 },
        { id: "i3", productId: "p1", url: `/media/${hash(6)}/800.webp`, alt: "", position: 2 },
        // This cloud's URL under a folder name Cloudinary escapes: still a use (the hash decides).
        {
          id: "i4",
          productId: "p1",
          url: `https://res.cloudinary.com/resin-cloud/image/upload/v1700000000/resin%20tales/${hash(13)}.jpg`,
          alt: "",
          position: 3,
        },
      ],
      variantImage: delivered(4),
    });
    fake.seed([1, 2, 3, 4, 6, 7, 9, 13].map(id), OLD);
    fake.seed([id(8)], new Date(NOW - 2 * DAY_MS)); // unused, but young: its form may be open
    fake.seed(["resintales/notes/readme", `resintales/${hash(11)}-copy`], OLD); // not uploads
    fake.seed([`other-folder/${hash(10)}`], OLD); // outside the shop's folder
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
    for (const [key, value] of SAVED_ENV) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  });

  beforeEach(() => {
    fake.adminCalls = [];
    fake.failAdmin = undefined;
    fake.rateRemaining = 500;
  });

  it("looks in Cloudinary first when CLOUDINARY_URL is set, then in the shop's own store", async () => {
    const stores = await pruneStores();
    expect(stores.map((s) => s.where)).toEqual([
      "Cloudinary folder resintales/ of cloud resin-cloud",
      expect.stringMatching(/media$/),
    ]);
  });

  it("counts only this cloud's delivery URLs as uses, whatever the table or column", async () => {
    expect([...(await referencedUploads(t.db, store.namedBy))].sort()).toEqual(
      [1, 2, 3, 4, 13].map(hash),
    );
  });

  it("a dry run lists the old unused uploads and deletes nothing; --apply deletes exactly those", async () => {
    const before = [...fake.resources.keys()].sort();
    const dry = await prune(false);
    expect(dry).toEqual({ unused: [6, 7, 9].map(hash), kept: 6, removed: false });
    expect([...fake.resources.keys()].sort()).toEqual(before);
    expect(calls("DELETE")).toEqual([]);
    // Listed with the documented parameters, under Basic auth (the fake refuses anything else).
    const [list] = calls("GET");
    expect(Object.fromEntries(list!.query)).toEqual({ prefix: "resintales/", max_results: "500" });

    const applied = await prune(true);
    expect(applied).toEqual({ ...dry, removed: true });
    expect(calls("DELETE").map((c) => c.body.getAll("public_ids[]"))).toEqual([[6, 7, 9].map(id)]);
    expect([...fake.resources.keys()].sort()).toEqual(
      before.filter((name) => ![6, 7, 9].map(id).includes(name)),
    );
    // A shorter grace period lets the young unused upload go too.
    expect((await prune(false, 1)).unused).toEqual([hash(8)]);
  });

  it("counts an image uploaded again (a newer version of the same public_id) as young", async () => {
    fake.resources.set(id(12), {
      public_id: id(12),
      created_at: OLD.toISOString(),
      version: Math.floor((NOW - DAY_MS) / 1000),
    });
    const dry = await prune(false).finally(() => fake.resources.delete(id(12)));
    expect(dry.unused).toEqual([]);
    expect(dry.kept).toBe(7);
  });

  it("follows next_cursor over more than one page and deletes at most 100 public_ids a call", async () => {
    fake.seed(range(1000, 1100).map(id), OLD);
    const applied = await prune(true);
    expect(applied.unused).toEqual(range(1000, 1100).map(hash));
    expect(applied.kept).toBe(6);
    const lists = calls("GET");
    expect(lists).toHaveLength(3); // 1,109 public_ids under resintales/, 500 a page
    expect(lists[0]!.query.get("next_cursor")).toBeNull();
    expect(lists[1]!.query.get("next_cursor")).toBeTruthy();
    expect(calls("DELETE").map((c) => c.body.getAll("public_ids[]").length)).toEqual(
      Array(11).fill(100),
    );
    expect(range(1000, 1100).some((n) => fake.resources.has(id(n)))).toBe(false);
    expect([1, 2, 3, 4, 8].every((n) => fake.resources.has(id(n)))).toBe(true);
    expect(fake.resources.has(`other-folder/${hash(10)}`)).toBe(true);
    expect(fake.resources.has("resintales/notes/readme")).toBe(true);
  });

  it("stops at a failing answer with a sentence, and deletes nothing more", async () => {
    fake.seed(range(2000, 250).map(id), OLD);
    fake.failAdmin = (call) =>
      call.method === "DELETE" && calls("DELETE").length === 2
        ? { status: 500, body: { error: { message: "General error" } } }
        : undefined;
    await expect(prune(true)).rejects.toThrow(
      "Cloudinary answered status 500: General error while deleting unused uploads. Try again later. 100 of 250 unused upload(s) were deleted before this; run the prune again to finish.",
    );
    expect(fake.adminCalls.at(-1)?.method).toBe("DELETE");
    expect(calls("DELETE")).toHaveLength(2);
    expect(range(2000, 250).filter((n) => fake.resources.has(id(n)))).toHaveLength(150);

    fake.failAdmin = undefined;
    expect((await prune(true)).unused).toHaveLength(150);
    expect(range(2000, 250).some((n) => fake.resources.has(id(n)))).toBe(false);
  });

  it("stops when the hour's Admin API limit is used up (420), saying when to run again", async () => {
    fake.seed(range(3000, 3).map(id), OLD);
    fake.rateRemaining = 1; // the listing passes, the delete does not
    await expect(prune(true)).rejects.toThrow(
      "Cloudinary's Admin API limit for this hour is used up (status 420) while deleting unused uploads. Run the prune again after 25 Nov 2026, 18:30 (India time). 0 of 3 unused upload(s) were deleted before this; run the prune again to finish.",
    );
    expect(range(3000, 3).every((n) => fake.resources.has(id(n)))).toBe(true);
    fake.rateRemaining = 0;
    await expect(prune(false)).rejects.toThrow(
      /limit for this hour is used up \(status 420\) while listing/,
    );
  });

  it("says the key and secret were refused, never saying the secret", async () => {
    const wrong = cloudinaryStore({ ...cloudinaryConfig()!, apiSecret: "not-the-secret" });
    const failed = await pruneMedia(t.db, { apply: true, now: NOW, store: wrong }).catch(
      (error: Error) => error.message,
    );
    expect(failed).toBe(
      "Cloudinary refused the API key and secret in CLOUDINARY_URL (status 401: Invalid API key or secret) while listing the uploads. Check them in Cloudinary's console.",
    );
    expect(calls("DELETE")).toEqual([]);
  });
});
