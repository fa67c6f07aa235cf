/**
 * "Download my data" (docs/decisions/0101-data-rights.md, 0135) on PGlite and PostgreSQL: a shopper
 * seeded into every table that can hold a person finds each of those rows in the download, money
 * in rupees, no secret (the unsubscribe token) in it; every table of the schema is either in the
 * download or listed here with the reason it is not, so a table added later fails until decided.
 */
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { SEEDED, type SeededPerson, seedPersonEverywhere } from "./helpers/privacy-fixture";
import { makeReviewShop, PERSON, type ReviewShop } from "./helpers/reviews";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const myData = await import("~/pages/v2/users/my-data");

/** Each table the download reads (by its section), or why it has nothing of the person's. */
const TABLES: Record<string, string> = {
  users: "profile",
  addresses: "addresses",
  orders: "orders",
  order_items: "orders[].items",
  payments: "orders[].payments",
  carts: "cart",
  cart_items: "cart",
  reminder_consents: "reminderConsent",
  whatsapp_consents: "whatsappConsents",
  cart_reminders: "cartReminders",
  discount_uses: "discountUses",
  discount_codes: "discountUses[].code",
  shipments: "shipments",
  shipment_events: "shipments[].events",
  order_proofs: "proofs",
  order_materials: "materials",
  order_needed_by: "neededBy",
  order_stages: "studioStages",
  refunds: "refunds",
  review_requests: "reviewRequests",
  invoices: "documents",
  reviews: "reviews",
  review_votes: "helpfulMarks",
  custom_inquiries: "inquiries",
  quotes: "quotes",
  quote_deposits: "quotes[].deposit",
  outbox: "mails, whatsappMessages",
  data_requests: "dataRequests",
  damage_claims: "damageClaims",
  claim_media: "damageClaims[].media",
  personal_photos: "personalPhotos",
  data_breaches: "the shop's record of breaches, which names no one (the notices are mails)",
  // Not in the download, with the reason (decision 0135):
  invoice_lines: "the lines of a document, whose PDF the download links (documents[].href)",
  invoice_pdfs: "the PDF bytes, downloaded from documents[].href",
  webhook_events: "the payment provider's copies of what orders[].payments holds",
  local_payments: "the demo provider's ledger of what orders[].payments holds",
  order_log: "the owner's log of payment events, shown as orders[].payments and refunds",
  order_payments:
    "each paid amount of an order by kind (decision 0204), as orders[].payments holds it",
  quote_events: "the owner's record of sending and revising quotes",
  audit_log: "the owner's record of her own actions",
  team_invites: "the owner's invites to the studio's team, which name staff, not shoppers",
  rate_limits: "hourly counters, gone within the day",
  review_photo_uploads: "which review photo is whose upload; the photos are in reviews[].photos",
  document_series: "the shop's invoice counters",
  shop_settings: "the shop's settings",
  proof_skipped_products: "the shop's product settings",
  categories: "the catalogue",
  products: "the catalogue",
  product_variants: "the catalogue",
  product_images: "the catalogue",
  product_attributes: "the catalogue",
  product_tags: "the catalogue",
  home_products: "the catalogue",
  catalogue_version: "the catalogue",
  product_stock: "the catalogue's stock modes",
  stock_levels: "the catalogue's counts on the shelf",
  stock_adjustments: "the owner's changes of a count",
  stock_holds: "which pieces an order held while it could be paid; the order is in orders",
};

describe.each(dbKinds)("downloading my data on %s", (kind) => {
  let t: TestDb;
  let shop: ReviewShop;
  let seeded: SeededPerson;
  const uid = "export-me";

  beforeAll(async () => {
    t = await createTestDb(kind);
    shop = await makeReviewShop(t.db);
    seeded = await seedPersonEverywhere(t.db, uid, shop);
  });
  afterAll(async () => {
    await t.close();
  });

  it("accounts for every table of the schema", () => {
    const names = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(names).toEqual(Object.keys(TABLES).sort());
  });

  it("holds every section with the seeded values, money in rupees, no secrets", async () => {
    const answer = await call(myData.GET, "/v2/users/my-data", { token: seeded.token });
    expect(answer.status).toBe(200);
    const data = answer.json;
    expect(data.profile).toMatchObject({ firstName: PERSON.firstName, phone: PERSON.phone });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(2);
    expect(data.orders.find((o: { id: string }) => o.id === seeded.delivered)).toMatchObject({
      total: 998,
      payments: [{ amount: 998, upiId: `${PERSON.phone}@upi` }],
    });
    expect(data.cart.items).toEqual([
      expect.objectContaining({
        productId: shop.frameId,
        quantity: 2,
        price: 499,
        note: `For ${PERSON.firstName}`,
      }),
    ]);
    expect(data.reminderConsent).toMatchObject({ consented: true, source: "signup" });
    expect(data.cartReminders).toEqual([
      expect.objectContaining({ cartChangedAt: "2026-11-01T10:00:00.000Z" }),
    ]);
    expect(data.discountUses).toEqual([
      expect.objectContaining({
        orderId: seeded.delivered,
        code: SEEDED.code,
        discount: 99.8,
        total: 898.2,
      }),
    ]);
    expect(data.shipments).toHaveLength(1);
    expect(data.shipments[0]).toMatchObject({
      orderId: seeded.delivered,
      courier: SEEDED.courier,
      status: "delivered",
      events: [{ status: "delivered", providerStatus: "DELIVERED", source: "webhook" }],
    });
    expect(data.shipments[0].awb).toContain(SEEDED.awb);
    expect(data.proofs).toEqual([
      expect.objectContaining({
        orderId: seeded.delivered,
        rounds: [expect.objectContaining({ round: 1, reply: SEEDED.proofReply })],
      }),
    ]);
    expect(data.materials).toEqual([
      expect.objectContaining({
        courier: SEEDED.materialsCourier,
        tracking: SEEDED.materialsTracking,
      }),
    ]);
    expect(data.neededBy).toEqual([{ orderId: seeded.delivered, neededBy: SEEDED.neededBy }]);
    expect(data.refunds).toEqual([expect.objectContaining({ amount: 99, status: "PENDING" })]);
    expect(data.reviewRequests).toEqual([expect.objectContaining({ orderId: seeded.delivered })]);
    expect(data.personalPhotos).toEqual([
      expect.objectContaining({ id: `ph_${uid}`, width: 1200, href: `/personal-photos/ph_${uid}` }),
    ]);
    expect(data.damageClaims).toEqual([
      expect.objectContaining({
        orderId: seeded.delivered,
        description: SEEDED.claim,
        media: [
          expect.objectContaining({
            kind: "video",
            href: expect.stringContaining("/claim-media/"),
          }),
        ],
      }),
    ]);
    expect(data.helpfulMarks).toEqual([
      expect.objectContaining({ reviewId: seeded.otherReviewId }),
    ]);
    expect(data.mails.map((m: { subject: string }) => m.subject).sort()).toEqual([
      "Your order",
      "Your parcel",
    ]);
    expect(data.dataRequests).toEqual([
      expect.objectContaining({ kind: "grievance", details: SEEDED.grievance }),
    ]);
    for (const section of ["reviews", "inquiries", "quotes", "studioStages", "documents"])
      expect(Array.isArray(data[section])).toBe(true);
    expect(answer.text).not.toContain(`tok_${uid}`);
    expect(data.mails.find((m: { subject: string }) => m.subject === "Your order").body).toContain(
      "Unsubscribe: https://shop.example/unsubscribe/(link removed)",
    );
  });

  it("lists the earlier download among the data requests", async () => {
    const answer = await call(myData.GET, "/v2/users/my-data", { token: seeded.token });
    expect(answer.json.dataRequests.map((r: { kind: string }) => r.kind)).toEqual([
      "grievance",
      "export",
    ]);
  });
});
