/**
 * Reviews from verified buyers (docs/decisions/0100-reviews.md) on PGlite and PostgreSQL: a
 * delivered purchase is reviewed once and waits; every hostile or unentitled submission is a 4xx
 * that writes nothing; the owner publishes (audited), which sets the product's real figures and
 * bumps the catalogue version; hidden reviews leave the figures; "helpful" counts once per shopper.
 */
import { DAY_MS } from "~/lib/dates";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { readCatalogueVersion } from "~/server/db/catalogue-version";
import { publishedReviews } from "~/features/reviews/reviews.server";
import { sendDueReviewRequests } from "~/features/reviews/review-requests.server";
import { resetEnvForTests } from "~/server/env";
import { reviewsJsonLd } from "~/features/reviews/product-reviews.server";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import {
  makeOrder,
  makeReviewShop,
  makeShopperRow,
  OWNER,
  reviewBody,
  type ReviewShop,
} from "./helpers/reviews";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const reviewsRoute = await import("~/pages/v2/reviews/index");
const helpfulRoute = await import("~/pages/v2/reviews/[id]/helpful");
const adminList = await import("~/pages/v2/admin/reviews/index");
const adminCount = await import("~/pages/v2/admin/reviews/count");
const adminOne = await import("~/pages/v2/admin/reviews/[id]");

describe.each(dbKinds)("reviews on %s", (kind) => {
  let t: TestDb;
  let shop: ReviewShop;
  let buyer: string;
  let delivered: string;

  const post = (body: unknown, token = buyer) =>
    call(reviewsRoute.POST, "/v2/reviews", { method: "POST", token, body });
  const moderate = (id: string, action: string, body: object = {}, token = OWNER) =>
    call(adminOne.PATCH, `/v2/admin/reviews/${id}?action=${action}`, {
      method: "PATCH",
      token,
      body,
      params: { id },
    });
  const reviewRows = async () => (await t.db.select({ n: count() }).from(schema.reviews))[0]!.n;
  const product = async (id: string) =>
    (await t.db.select().from(schema.products).where(eq(schema.products.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestDb(kind);
    shop = await makeReviewShop(t.db);
    buyer = await makeShopperRow(t.db, "buyer-1");
    delivered = await makeOrder(t.db, "buyer-1", [shop.frameId]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses every hostile or unentitled review with a 4xx and a sentence, writing nothing", async () => {
    const shipped = await makeOrder(t.db, "buyer-1", [shop.tagId], "shipped");
    const cases: [unknown, number, RegExp][] = [
      [reviewBody(shipped, shop.tagId), 403, /once an order of it has been delivered/],
      [reviewBody(delivered, shop.tagId), 403, /delivered/],
      [reviewBody("ord_nobody", shop.frameId), 403, /delivered/],
      [
        reviewBody(delivered, shop.frameId, { body: "Nice <script>alert(1)</script>" }),
        400,
        /plain text/,
      ],
      [
        reviewBody(delivered, shop.frameId, { title: "<img src=x onerror=alert(1)>" }),
        400,
        /plain text/,
      ],
      [reviewBody(delivered, shop.frameId, { rating: 6 }), 400, /1 to 5 stars/],
      [reviewBody(delivered, shop.frameId, { rating: 4.5 }), 400, /1 to 5 stars/],
      [reviewBody(delivered, shop.frameId, { title: "   " }), 400, /Title is required/],
      [reviewBody(delivered, shop.frameId, { body: "x".repeat(2001) }), 400, /at most 2000/],
      [
        reviewBody(delivered, shop.frameId, {
          photos: ["/media/a/1.jpg", "/media/b/1.jpg", "/media/c/1.jpg", "/media/d/1.jpg"],
        }),
        400,
        /at most 3 photos/,
      ],
      [
        reviewBody(delivered, shop.frameId, { photos: ["https://evil.example/x.jpg"] }),
        400,
        /uploaded through the review form/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.error, JSON.stringify(body)).toMatch(message);
    }
    expect((await post(reviewBody(delivered, shop.frameId), "")).status).toBe(401);
    expect(await reviewRows()).toBe(0);
  });

  it("a delivered purchase is reviewed once; it waits for moderation and the navigation counts it", async () => {
    const first = await post(reviewBody(delivered, shop.frameId));
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: "pending" });
    const again = await post(reviewBody(delivered, shop.frameId, { title: "Second go" }));
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already reviewed/);
    expect(await reviewRows()).toBe(1);
    const waiting = await call(adminCount.GET, "/v2/admin/reviews/count?status=pending", {
      token: OWNER,
    });
    expect(waiting.json).toEqual({ count: 1 });
    expect(await publishedReviews(t.db, shop.frameId, { sort: "newest", page: 0 })).toEqual([]);
    expect(await product(shop.frameId)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it("a shopper cannot moderate; the owner publishes, replies and hides, each audited, the figures following", async () => {
    const list = await call(adminList.GET, "/v2/admin/reviews?status=pending", { token: OWNER });
    expect(list.status).toBe(200);
    const review = list.json.reviews[0];
    expect(review).toMatchObject({
      author: "Priyanka",
      title: "Lovely colours",
      status: "pending",
    });
    expect((await moderate(review.id, "publish", {}, buyer)).status).toBe(403);
    expect((await moderate(review.id, "explode")).status).toBe(400);
    expect((await moderate(review.id, "reply", { reply: "<b>hi</b>" })).status).toBe(400);

    const before = await readCatalogueVersion(t.db);
    const published = await moderate(review.id, "publish", { reply: "Thank you, Priyanka!" });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ status: "published", reply: "Thank you, Priyanka!" });
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(before);
    expect(await product(shop.frameId)).toMatchObject({ rating: 5, reviewCount: 1 });
    const shown = await publishedReviews(t.db, shop.frameId, { sort: "newest", page: 0 });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ author: "Priyanka", reply: "Thank you, Priyanka!" });
    expect(reviewsJsonLd(shown).review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        author: { "@type": "Person", name: "Priyanka" },
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
      }),
    ]);
    expect(reviewsJsonLd([])).toEqual({});

    expect((await moderate(review.id, "hide")).json).toMatchObject({ status: "hidden" });
    expect(await product(shop.frameId)).toMatchObject({ rating: 0, reviewCount: 0 });
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, review.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["review.hide", "review.publish"]);
    expect(audit.find((a) => a.action === "review.publish")).toMatchObject({
      actorUid: "owner-1",
      before: { status: "pending", reply: "" },
      after: { status: "published", reply: "Thank you, Priyanka!" },
    });
    await moderate(review.id, "publish");
  });

  it("averages two published reviews; helpful counts once per shopper, never one's own", async () => {
    const other = await makeShopperRow(t.db, "buyer-2");
    const order = await makeOrder(t.db, "buyer-2", [shop.frameId]);
    const answer = await post(reviewBody(order, shop.frameId, { rating: 2 }), other);
    expect(answer.status).toBe(201);
    await moderate(answer.json.id, "publish");
    expect(await product(shop.frameId)).toMatchObject({ rating: 3.5, reviewCount: 2 });

    const mark = (token: string) =>
      call(helpfulRoute.POST, `/v2/reviews/${answer.json.id}/helpful`, {
        method: "POST",
        token,
        params: { id: answer.json.id },
      });
    expect((await mark(buyer)).json).toEqual({ helpfulCount: 1 });
    expect((await mark(buyer)).json).toEqual({ helpfulCount: 1 });
    expect((await mark(other)).status).toBe(400);
    const helpful = await publishedReviews(t.db, shop.frameId, { sort: "helpful", page: 0 });
    expect(helpful[0]!.id).toBe(answer.json.id);
    const missing = await call(helpfulRoute.POST, "/v2/reviews/nope/helpful", {
      method: "POST",
      token: buyer,
      params: { id: "nope" },
    });
    expect(missing.status).toBe(404);
  });

  it("mails a review request once, REVIEW_REQUEST_DAYS after delivery, and not for reviewed orders", async () => {
    const days = (n: number) => new Date(Date.now() - n * DAY_MS);
    const token = await makeShopperRow(t.db, "buyer-3");
    const old = await makeOrder(t.db, "buyer-3", [shop.tagId], "delivered", days(6));
    const fresh = await makeOrder(t.db, "buyer-3", [shop.frameId], "delivered", days(1));
    const mails = async () =>
      (await t.db.select().from(schema.outbox)).filter((m) => m.to === "buyer-3@example.com");
    // Orders of the earlier cases: delivered now (not due) or already reviewed.
    expect(await sendDueReviewRequests(t.db)).toBe(1);
    const [mail] = await mails();
    expect(mail!.subject).toMatch(/^How is your .* order\?$/);
    expect(mail!.body).toContain(`/my-orders/${old}#review`);
    expect(mail!.body).not.toContain(fresh);
    expect(await sendDueReviewRequests(t.db)).toBe(0);
    expect(await sendDueReviewRequests(t.db, new Date(Date.now() + 5 * DAY_MS))).toBe(1);
    expect(await mails()).toHaveLength(2);

    // Reviewed before its request was due: the row is taken, no mail goes.
    const reviewed = await makeOrder(t.db, "buyer-3", [shop.frameId], "delivered", days(7));
    expect((await post(reviewBody(reviewed, shop.frameId), token)).status).toBe(201);
    expect(await sendDueReviewRequests(t.db)).toBe(0);
    process.env.REVIEW_REQUEST_DAYS = "0";
    resetEnvForTests();
    try {
      await makeOrder(t.db, "buyer-3", [shop.tagId], "delivered", days(9));
      expect(await sendDueReviewRequests(t.db)).toBe(0);
    } finally {
      delete process.env.REVIEW_REQUEST_DAYS;
      resetEnvForTests();
    }
  });
});
