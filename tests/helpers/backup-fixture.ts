/**
 * A shop with at least one row in every table of src/server/db/schema, for the backup suites
 * (docs/decisions/0079-backups-and-moving.md). Issued documents go through the real issuing code
 * (recordPayment), so the series counter is the one a payment moves; the rest are plain inserts in
 * the shapes the features write. `tablesWithoutRows` names any table the fixture forgot: a table a
 * later migration adds fails the suite until the fixture holds a row of it.
 */
import { DAY_MS } from "~/lib/dates";
import { randomUUID } from "node:crypto";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { recordPayment } from "~/features/checkout/payment-record.server";
import { documentPdf } from "~/features/books/documents.server";
import { saleDocumentOf } from "~/features/books/issue.server";
import * as schemaModule from "~/server/db/schema";
import { type Db, schema } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
import { ident, listTables } from "~/server/backup/tables.server";
import { saveSeller, success } from "./books";
import { cartOrderItems, fillCart, type Shop } from "./checkout";
import { orderParties, orderPerson } from "./fixtures";
import { insertPhotoRow } from "./photo-row";

/** Every table the schema declares, by its SQL name. */
export function schemaTables(): string[] {
  const values: unknown[] = Object.values(schemaModule);
  return values
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name)
    .sort();
}

/** Tables of the schema (and of the database) that hold no row. */
export async function tablesWithoutRows(db: Db): Promise<string[]> {
  const names = new Set([...schemaTables(), ...(await listTables(db)).map((t) => t.name)]);
  const empty: string[] = [];
  for (const name of [...names].sort()) {
    const [row] = await rawRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from ${ident(name)}`),
    );
    if (Number(row?.n ?? 0) === 0) empty.push(name);
  }
  return empty;
}

const PERSON = orderPerson("Asha", "Verma", "a@x.in");

/** A pending catalogue order of 2 frames and 1 tag (3497.00), as checkout leaves it. */
export async function pendingOrder(db: Db, shop: Shop, uid: string): Promise<string> {
  const id = `ord-pending-${randomUUID()}`;
  await db.insert(schema.orders).values({
    id,
    userId: uid,
    subtotalPaise: 349700,
    totalPaise: 349700,
    ...orderParties("addr-1", PERSON),
    provider: "local",
  });
  await db.insert(schema.orderItems).values(cartOrderItems(id, shop));
  return id;
}

/** Pays a pending order through recordPayment (which issues its document); the document's number. */
export async function payAndIssue(db: Db, orderId: string): Promise<string> {
  const effect = await recordPayment(db, orderId, success(`pay-${orderId}`, 349700), "local");
  if (effect !== "paid") throw new Error(`paying ${orderId}: ${effect}`);
  const document = await saleDocumentOf(db, orderId);
  if (!document) throw new Error(`no document issued for ${orderId}`);
  return document.number;
}

/**
 * Fills every table the shop with data (tests/helpers/backup.ts shopWithData) leaves empty:
 * settings and the audit trail, two issued invoices (one with its kept PDF), a quote with its
 * events, deposit, stages, proof, materials and needed-by date, a discount code and its use,
 * reminders, an inquiry, a refund, a review with a vote, a shipment with a scan, and the rest.
 */
export async function fillEveryTable(db: Db, shop: Shop, uid: string): Promise<string[]> {
  await saveSeller(db);
  const numbers: string[] = [];
  const first = await pendingOrder(db, shop, uid);
  numbers.push(await payAndIssue(db, first));
  numbers.push(await payAndIssue(db, await pendingOrder(db, shop, uid)));
  const invoice = await saleDocumentOf(db, first);
  await documentPdf(db, invoice!);

  const now = new Date();
  const later = new Date(now.getTime() + 7 * DAY_MS);
  await db.insert(schema.customInquiries).values({
    id: "inq-1",
    name: "Meera",
    email: "meera@example.com",
    productType: "Varmala preservation",
    description: "Wedding garland, 14 Feb",
    neededBy: "2026-12-20",
  });
  await db.insert(schema.quotes).values({
    id: "quote-1",
    inquiryId: "inq-1",
    title: "Varmala frame",
    pricePaise: 1_250_000,
    shippingEstimatePaise: 25_000,
    expiresAt: later,
    status: "paid",
    tokenHash: "hash-quote-1",
    sentAt: now,
    paidOrderId: first,
  });
  await db.insert(schema.quoteEvents).values({ id: "qe-1", quoteId: "quote-1", kind: "sent" });
  await db
    .insert(schema.quoteDeposits)
    .values({ quoteId: "quote-1", advancePaise: 500_000, balancePaise: 750_000 });
  await db.insert(schema.orderStages).values({
    orderId: first,
    stage: "drying",
    note: "Poured, 48 hours to set",
    photos: ["/media/abc123/480.webp"],
    doneAt: now,
  });
  await db.insert(schema.orderProofs).values({
    id: "proof-1",
    orderId: first,
    round: 1,
    images: ["/media/def456/480.avif"],
    message: "Layout for your approval",
  });
  await db.insert(schema.proofSkippedProducts).values({ productId: shop.tagId });
  await db.insert(schema.whatsappConsents).values({
    id: "wa-consent-1",
    email: "meera@example.com",
    userId: uid,
    phone: "919876543210",
    wording: "Send order updates on WhatsApp to +91 98765 43210",
    source: "checkout",
  });
  await db.insert(schema.orderNeededBy).values({ orderId: first, neededBy: "2026-12-24" });
  await db.insert(schema.orderMaterials).values({
    orderId: first,
    reference: "Garland from Meera",
    expectedSince: now,
  });
  await db.insert(schema.discountCodes).values({
    id: "code-1",
    code: "DIWALI10",
    kind: "percent",
    percentBasisPoints: 1000,
    capPaise: 50_000,
  });
  await db.insert(schema.discountUses).values({
    orderId: first,
    codeId: "code-1",
    userId: uid,
    discountPaise: 34_970,
    orderTotalPaise: 349_700,
    heldUntil: later,
    usedAt: now,
  });
  // Stock (docs/decisions/0216): the tag counted on the shelf, held by the first order, adjusted once.
  await db.insert(schema.productStock).values({ productId: shop.tagId, mode: "in_stock" });
  await db.insert(schema.stockLevels).values({ productId: shop.tagId, onHand: 4 });
  await db.insert(schema.stockHolds).values({
    id: "sh-1",
    orderId: first,
    productId: shop.tagId,
    quantity: 1,
    expiresAt: later,
    state: "sold",
  });
  await db.insert(schema.stockAdjustments).values({
    id: "sa-1",
    productId: shop.tagId,
    change: 5,
    onHandAfter: 5,
    reason: "made_more",
  });
  await db.insert(schema.reminderConsents).values({
    userId: uid,
    consented: true,
    source: "sign-up",
    unsubscribeToken: `unsub-${uid}`,
  });
  await db.insert(schema.cartReminders).values({ userId: uid, cartChangedAt: now });
  await db
    .insert(schema.rateLimits)
    .values({ key: "inquiry:127.0.0.1", windowStart: now, count: 2 });
  await db.insert(schema.webhookEvents).values({
    id: "wh-1",
    provider: "local",
    type: "PAYMENT_SUCCESS_WEBHOOK",
    orderId: first,
    body: { data: { order: { order_id: first } } },
  });
  await db.insert(schema.localPayments).values({
    id: "lp-1",
    orderId: first,
    status: "SUCCESS",
    amountPaise: 349_700,
  });
  await db.insert(schema.dataRequests).values({ id: "dr-1", userId: uid, kind: "export" });
  await db.insert(schema.teamInvites).values({
    id: "inv-1",
    email: "helper@example.com",
    role: "studio",
    tokenHash: "a".repeat(64),
    invitedBy: "owner",
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
  });
  await db.insert(schema.refunds).values({
    id: "refund-1",
    orderId: first,
    provider: "local",
    amountPaise: 49_900,
    reason: "Tag arrived cracked",
    requestedBy: "owner",
  });
  await db.insert(schema.users).values({ id: `${uid}-voter`, email: `${uid}-voter@example.com` });
  await db.insert(schema.reviews).values({
    id: "review-1",
    productId: shop.frameId,
    userId: uid,
    orderId: first,
    rating: 5,
    title: "Beautiful",
    body: "The waves look real ✨",
    authorName: "Asha V.",
    status: "published",
    publishedAt: now,
    helpfulCount: 1,
  });
  await db.insert(schema.reviewVotes).values({ reviewId: "review-1", userId: `${uid}-voter` });
  await db.insert(schema.reviewRequests).values({ orderId: first });
  await db.insert(schema.damageClaims).values({
    id: "clm-1",
    orderId: first,
    userId: uid,
    lines: [{ itemId: `${first}-001`, quantity: 1 }],
    description: "The frame arrived with a cracked corner",
    deliveredAt: now,
    deadline: new Date(now.getTime() + 12 * 3_600_000),
  });
  await db.insert(schema.claimMedia).values({
    id: "cm-1",
    claimId: "clm-1",
    kind: "video",
    ext: "mp4",
    contentType: "video/mp4",
    sizeBytes: 2048,
  });
  await insertPhotoRow(db, "ph-backup", uid, shop.frameId);
  await db
    .insert(schema.reviewPhotoUploads)
    .values({ url: "/media/u/waves.webp", userId: uid, reviewId: "review-1" });
  await db.insert(schema.dataBreaches).values({
    id: "breach-1",
    startedAt: new Date(now.getTime() - 3_600_000),
    endedAt: now,
    description: "A laptop with an orders export was stolen",
    consequences: "Names and addresses may be read",
    measures: "The export was deleted from every other machine",
    safety: "Be wary of calls asking for payment",
    recordedBy: "owner",
    notices: 1,
  });
  await db.insert(schema.shipments).values({
    id: "ship-1",
    orderId: first,
    provider: "manual",
    clientKey: "ship-key-1",
    status: "in_transit",
    weightGrams: 900,
    lengthCm: 40,
    breadthCm: 30,
    heightCm: 5,
    awb: "AWB123",
    costPaise: 12_000,
    scans: [{ at: now.toISOString(), activity: "Picked up", location: "Jaipur", status: "PKD" }],
  });
  await db.insert(schema.shipmentEvents).values({
    id: "se-1",
    shipmentId: "ship-1",
    source: "owner",
    status: "in_transit",
    at: now,
    body: { note: "handed over" },
  });
  // Paying emptied the shopper's cart: a new one, as if she kept shopping.
  await fillCart(db, shop, uid);
  return numbers;
}
