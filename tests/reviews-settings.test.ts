/**
 * "Publish new reviews straight away" (docs/decisions/0136-reviews-publish-at-once.md) on PGlite
 * and PostgreSQL: off by default, so a new review waits; the owner's save is checked (400 writes
 * nothing), versioned (409) and audited; once on, a new review is published as it is sent, with
 * the product's figures and the catalogue version moving in the same transaction.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { readCatalogueVersion } from "~/server/db/catalogue-version";
import { REVIEW_TEXTS } from "~/features/reviews/reviews";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import {
  makeOrder,
  makeReviewShop,
  makeShopperRow,
  OWNER,
  type ReviewShop,
  sendReview,
} from "./helpers/reviews";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const settingsRoute = await import("~/pages/v2/admin/settings/reviews");

describe.each(dbKinds)("the reviews settings on %s", (kind) => {
  let t: TestDb;
  let shop: ReviewShop;
  const put = (body: unknown, token = OWNER) =>
    call(settingsRoute.PUT, "/v2/admin/settings/reviews", { method: "PUT", token, body });
  const product = async (id: string) =>
    (await t.db.select().from(schema.products).where(eq(schema.products.id, id)))[0]!;
  const review = async (id: string) =>
    (await t.db.select().from(schema.reviews).where(eq(schema.reviews.id, id)))[0]!;
  const audits = () =>
    t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "settings.reviews"));

  beforeAll(async () => {
    t = await createTestDb(kind);
    shop = await makeReviewShop(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("is off until the owner turns it on: a new review waits", async () => {
    const first = await call(settingsRoute.GET, "/v2/admin/settings/reviews", { token: OWNER });
    expect(first.json).toEqual({ value: { publishAtOnce: false }, version: 0 });
    const token = await makeShopperRow(t.db, "waits-1");
    const order = await makeOrder(t.db, "waits-1", [shop.tagId]);
    const before = await readCatalogueVersion(t.db);
    const posted = await sendReview(token, order, shop.tagId, { rating: 2 });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ status: "pending", message: REVIEW_TEXTS.submitted });
    expect(await review(posted.json.id)).toMatchObject({ status: "pending", publishedAt: null });
    expect(await product(shop.tagId)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await readCatalogueVersion(t.db)).toBe(before);
  });

  it("refuses a shopper, a bad value and a stale save, writing nothing; a save is audited", async () => {
    expect(
      (await put({ value: { publishAtOnce: true }, version: 0 }, "test:a-shopper")).status,
    ).toBe(403);
    const bad = await put({ value: { publishAtOnce: "yes" }, version: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/published straight away/);
    expect(await audits()).toHaveLength(0);
    const saved = await put({ value: { publishAtOnce: true }, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ value: { publishAtOnce: true }, version: 1 });
    expect((await put({ value: { publishAtOnce: false }, version: 0 })).status).toBe(409);
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      before: { publishAtOnce: false },
      after: { publishAtOnce: true },
    });
  });

  it("once on, publishes a new review as it is sent, with the product's figures", async () => {
    const token = await makeShopperRow(t.db, "at-once-1");
    const order = await makeOrder(t.db, "at-once-1", [shop.frameId]);
    const before = await readCatalogueVersion(t.db);
    const posted = await sendReview(token, order, shop.frameId, { rating: 4 });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ status: "published", message: REVIEW_TEXTS.published });
    expect((await review(posted.json.id)).publishedAt).not.toBeNull();
    expect(await product(shop.frameId)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(before);
    // The review that waited before the switch still waits.
    expect(await product(shop.tagId)).toMatchObject({ rating: 0, reviewCount: 0 });
    // A second review of the same product is still refused, and nothing changes.
    const again = await sendReview(token, order, shop.frameId, { rating: 1 });
    expect(again.status).toBe(409);
    expect(await product(shop.frameId)).toMatchObject({ rating: 4, reviewCount: 1 });
  });
});
