/**
 * Erasing a shopper (docs/decisions/0101-data-rights.md) on PGlite and PostgreSQL: after "delete my
 * account", no row of any table holds the person's name, phone, email, street or PIN code, but
 * for the issued invoices the law keeps; orders, payments and the owner's figures still add up;
 * the reviews stay as "A customer" (or go, as chosen) with the product's figures following; the
 * Firebase account is removed; the erasure is listed among the data requests.
 */
import { DAY_MS } from "~/lib/dates";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { SEEDED, seedPersonEverywhere } from "./helpers/privacy-fixture";
import {
  makeOrder,
  makeReviewShop,
  makeShopperRow,
  OWNER,
  PERSON,
  type ReviewShop,
  sendReview,
} from "./helpers/reviews";

const firebase = vi.hoisted(() => ({ deleted: [] as string[] }));
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) => ({
  ...(await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
  deleteFirebaseAccount: async (uid: string) => {
    firebase.deleted.push(uid);
  },
}));

const moderateRoute = await import("~/pages/v2/admin/reviews/[id]");
const deleteRoute = await import("~/pages/v2/users/delete-account");
const myData = await import("~/pages/v2/users/my-data");
const grievance = await import("~/pages/v2/users/grievance");
const dataRequests = await import("~/pages/v2/admin/data-requests");

/** Tables the law makes the shop keep as issued (CGST Act s.36): a tax invoice names its buyer. */
const KEPT_BY_LAW = new Set(["invoices", "invoice_lines"]);

/** Every row of every table (but the kept ones) whose text holds one of `needles`. */
async function findIdentity(t: TestDb, needles: string[]): Promise<string[]> {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const found: string[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    if (KEPT_BY_LAW.has(name)) continue;
    const rows = await rawRows<{ row: string }>(
      t.db,
      sql`select t::text as row from ${sql.identifier(name)} t`,
    );
    for (const { row } of rows)
      for (const needle of needles)
        if (row.toLowerCase().includes(needle.toLowerCase()))
          found.push(`${name}: ${needle} in ${row}`);
  }
  return found;
}

describe.each(dbKinds)("erasing a shopper on %s", (kind) => {
  let t: TestDb;
  let shop: ReviewShop;
  const uid = "erase-me";
  const keeper = "keeps-reviews";
  const identity = [
    `${uid}@example.com`,
    PERSON.phone,
    PERSON.firstName,
    PERSON.lastName,
    PERSON.address1,
    PERSON.zipCode,
  ];

  const figures = async () =>
    (
      await rawRows<{ orders: string; total: string; paid: string }>(
        t.db,
        sql`select count(*)::text as orders, coalesce(sum(total_paise), 0)::text as total,
              (select coalesce(sum(amount_paise), 0) from payments)::text as paid from orders`,
      )
    )[0];

  /** The owner's records stay, only the person's details in them go (decision 0135). */
  const expectKeptButMasked = async (auditBefore: { id: string; after: unknown }[]) => {
    const audit = await t.db.select().from(schema.auditLog);
    expect(audit.map((r) => r.id).sort()).toEqual(auditBefore.map((r) => r.id).sort());
    const byId = new Map(audit.map((r) => [r.id, r]));
    expect(byId.get(`aud_status_${uid}`)?.after).toEqual({ status: "delivered" });
    expect(byId.get(`aud_addr_${uid}`)?.after).toEqual({
      shippingAddress: { address1: "(erased)", city: "(erased)", zipCode: "(erased)" },
      email: "(erased)",
    });
    const mail = await t.db.select().from(schema.outbox);
    expect(mail.map((m) => m.id)).not.toContain(`mail_unsent_${uid}`);
    expect(mail.find((m) => m.id === `mail_sent_${uid}`)).toMatchObject({
      to: "erased@erased.invalid",
      subject: "(erased at the customer's request)",
    });
    const [parcel] = await t.db.select().from(schema.shipments);
    expect(parcel).toMatchObject({
      courierName: SEEDED.courier,
      status: "delivered",
      labelUrl: "",
    });
    const [proof] = await t.db.select().from(schema.orderProofs);
    expect(proof).toMatchObject({
      status: "changes",
      message: "Hi there, here is the layout.",
      reply: "(erased at the customer's request)",
    });
    const [materials] = await t.db.select().from(schema.orderMaterials);
    expect(materials).toMatchObject({ courier: "", tracking: "" });
    expect(materials?.sentAt).not.toBeNull();
  };

  beforeAll(async () => {
    firebase.deleted.length = 0;
    t = await createTestDb(kind);
    shop = await makeReviewShop(t.db);
    // A row for the person in every table that can keep one (decision 0135).
    const seeded = await seedPersonEverywhere(t.db, uid, shop);
    const { token, delivered } = seeded;
    await t.db.insert(schema.customInquiries).values({
      id: "inq_1",
      name: `${PERSON.firstName} ${PERSON.lastName}`,
      email: `${uid}@example.com`,
      productType: "Varmala preservation",
      description: `Call me on ${PERSON.phone}`,
      clientKey: "203.0.113.9",
    });
    const posted = await sendReview(token, delivered, shop.frameId, { rating: 4 });
    expect(posted.status).toBe(201);
    const reviewId = posted.json.id as string;
    const published = await call(
      moderateRoute.PATCH,
      `/v2/admin/reviews/${reviewId}?action=publish`,
      {
        method: "PATCH",
        token: OWNER,
        body: { reply: `Thank you, ${PERSON.firstName}!` },
        params: { id: reviewId },
      },
    );
    expect(published.status).toBe(200);
    expect(
      (
        await call(grievance.POST, "/v2/users/grievance", {
          method: "POST",
          token,
          body: { message: `I am ${PERSON.firstName}; my parcel was late.` },
        })
      ).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it("downloads the person's data as JSON, money in rupees, and records the download", async () => {
    const answer = await call(myData.GET, "/v2/users/my-data", { token: `test:${uid}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toContain("my-data.json");
    expect(answer.json.profile).toMatchObject({ firstName: PERSON.firstName, phone: PERSON.phone });
    expect(answer.json.addresses).toHaveLength(1);
    expect(answer.json.orders).toHaveLength(2);
    expect(answer.json.orders.find((o: { status: string }) => o.status === "delivered").total).toBe(
      998,
    );
    expect(answer.json.reviews).toHaveLength(1);
    expect(answer.json.inquiries).toHaveLength(1);
    expect((await call(myData.GET, "/v2/users/my-data")).status).toBe(401);
  });

  it("refuses a deletion without the typed confirmation, changing nothing", async () => {
    const answer = await call(deleteRoute.POST, "/v2/users/delete-account", {
      method: "POST",
      token: `test:${uid}`,
      body: { reviews: "keep", confirm: "yes" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/Type DELETE to confirm/);
    expect(await findIdentity(t, identity)).not.toEqual([]);
    expect(firebase.deleted).toEqual([]);
  });

  it("leaves nothing of the person in any table but the invoices; the figures still add up", async () => {
    const before = await figures();
    const auditRows = await t.db.select().from(schema.auditLog);
    const [product] = await rawRows<{ rating: number; review_count: number }>(
      t.db,
      sql`select rating, review_count from products where id = ${shop.frameId}`,
    );
    expect(product).toMatchObject({ rating: 4, review_count: 1 });
    await t.db.insert(schema.reviewPhotoUploads).values({ url: "/media/u/tag.webp", userId: uid });
    const answer = await call(deleteRoute.POST, "/v2/users/delete-account", {
      method: "POST",
      token: `test:${uid}`,
      body: { reviews: "keep", confirm: "DELETE" },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe("Your account has been deleted.");
    expect(firebase.deleted).toEqual([uid]);
    expect(await findIdentity(t, identity)).toEqual([]);
    // Which photo upload was whose goes too (docs/decisions/0135-data-rights-reach-every-table.md).
    expect(
      await t.db
        .select()
        .from(schema.reviewPhotoUploads)
        .where(eq(schema.reviewPhotoUploads.userId, uid)),
    ).toEqual([]);
    expect(await figures()).toEqual(before);
    const [review] = await rawRows<{ author_name: string; status: string; reply: string }>(
      t.db,
      sql`select author_name, status, reply from reviews where user_id = ${uid}`,
    );
    expect(review).toEqual({
      author_name: "A customer",
      status: "published",
      reply: "Thank you, there!",
    });
    await expectKeptButMasked(auditRows);
    const list = await call(dataRequests.GET, "/v2/admin/data-requests", { token: OWNER });
    expect(list.json.requests.map((r: { kind: string }) => r.kind).sort()).toEqual([
      "deletion",
      "export",
      "grievance",
      "grievance",
    ]);
    expect(list.json.count).toBe(4);
    expect(
      (await call(dataRequests.GET, "/v2/admin/data-requests", { token: "test:a-shopper" })).status,
    ).toBe(403);
  });

  it("removes the reviews when the person chooses so, and the product's figures follow", async () => {
    // Made after the first erasure was checked: the same name and address, a different account.
    const token = await makeShopperRow(t.db, keeper);
    // Delivered past the claim window, so nothing is held back (decision 0170).
    const order = await makeOrder(
      t.db,
      keeper,
      [shop.tagId],
      "delivered",
      new Date(Date.now() - 2 * DAY_MS),
    );
    const posted = await sendReview(token, order, shop.tagId, { rating: 3 });
    await call(moderateRoute.PATCH, `/v2/admin/reviews/${posted.json.id}?action=publish`, {
      method: "PATCH",
      token: OWNER,
      body: {},
      params: { id: posted.json.id },
    });
    const answer = await call(deleteRoute.POST, "/v2/users/delete-account", {
      method: "POST",
      token,
      body: { reviews: "remove", confirm: "delete" },
    });
    expect(answer.status).toBe(200);
    const [product] = await rawRows<{ rating: number; review_count: number }>(
      t.db,
      sql`select rating, review_count from products where id = ${shop.tagId}`,
    );
    expect(product).toMatchObject({ rating: 0, review_count: 0 });
    expect(await findIdentity(t, [`${keeper}@example.com`])).toEqual([]);
    const [saved] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from addresses where user_id = ${keeper}`,
    );
    expect(saved?.n).toBe(0);
  });
});
