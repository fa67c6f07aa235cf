/**
 * Pruning unused uploads (npm run media:prune, docs/decisions/0049-media-prune.md): an upload stays
 * while any row names its /media URL (a product's image, a variant's images, a category's picture,
 * a past order's line, a product description), or while it is younger than the grace period; a dry
 * run deletes nothing; folders that are not uploads are left alone.
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneMedia, referencedUploads } from "~/features/media/media-prune.server";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { orderParties } from "./helpers/fixtures";
import { seedPruneShop } from "./helpers/media-prune";
import { DAY_MS } from "~/lib/dates";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const hash = (n: number) => n.toString(16).padStart(32, "0");
const url = (n: number) => `/media/${hash(n)}/800.webp`;

const SAVED_DATA_DIR = process.env.DATA_DIR;

describe.each(dbKinds)("pruning unused uploads on %s", (kind) => {
  let t: TestDb;
  let dataDir: string;
  const media = () => join(dataDir, "media");

  /** An upload folder (or any folder) in the store, last modified `daysAgo` before NOW. */
  async function stored(name: string, daysAgo: number): Promise<void> {
    await mkdir(join(media(), name), { recursive: true });
    await writeFile(join(media(), name, "800.webp"), "image");
    const at = new Date(NOW - daysAgo * DAY_MS);
    await utimes(join(media(), name), at, at);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "resin-prune-"));
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
    t = await createTestDb(kind);
    await seedPruneShop(t.db, {
      categoryImg: url(1),
      description: `See ${url(2)} for the back`,
      images: [{ id: "i1", productId: "p1", url: url(3), alt: "", isPrimary: true, position: 0 }],
      variantImage: url(4),
    });
    await t.db.insert(schema.orders).values({
      id: "ord_1",
      userId: "u1",
      status: "delivered",
      subtotalPaise: 10000,
      totalPaise: 10000,
      paymentAmountPaise: 10000,
      ...orderParties("addr-1"),
      timeline: {},
    });
    await t.db.insert(schema.orderItems).values({
      id: "oi1",
      orderId: "ord_1",
      productId: null,
      productName: "Old frame",
      productImage: url(5),
      quantity: 1,
      pricePaise: 10000,
    });
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await stored(hash(n), 30);
    await stored(hash(8), 2); // unused, but young: the owner may be filling in the form that names it
    await stored(".incoming-abc", 30); // an interrupted upload
    await stored("not-an-upload", 30);
  });

  afterAll(async () => {
    await t?.close();
    if (SAVED_DATA_DIR === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = SAVED_DATA_DIR;
    resetEnvForTests();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("finds every upload a row names, whatever the table or column", async () => {
    expect([...(await referencedUploads(t.db))].sort()).toEqual([1, 2, 3, 4, 5].map(hash));
  });

  it("a dry run lists the old unused uploads and deletes nothing; --apply deletes exactly those", async () => {
    const before = (await readdir(media())).sort();
    const dry = await pruneMedia(t.db, { apply: false, now: NOW });
    expect(dry).toEqual({ unused: [".incoming-abc", hash(6), hash(7)], kept: 6, removed: false });
    expect((await readdir(media())).sort()).toEqual(before);

    const applied = await pruneMedia(t.db, { apply: true, now: NOW });
    expect(applied.unused).toEqual(dry.unused);
    expect((await readdir(media())).sort()).toEqual(
      [...[1, 2, 3, 4, 5, 8].map(hash), "not-an-upload"].sort(),
    );
  });

  it("a shorter grace period lets a young unused upload go too; a store that does not exist is nothing to do", async () => {
    expect((await pruneMedia(t.db, { apply: false, now: NOW, graceDays: 1 })).unused).toEqual([
      hash(8),
    ]);
    await rm(media(), { recursive: true, force: true });
    expect(await pruneMedia(t.db, { apply: true, now: NOW })).toEqual({
      unused: [],
      kept: 0,
      removed: true,
    });
  });
});
