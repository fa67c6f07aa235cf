/**
 * A shopper the shop knows everywhere (docs/decisions/0101-data-rights.md, 0135): one row for them
 * in every table that can hold a person, as the features write them, so the download can be
 * checked section by section and the erasure's scan of every table means something. Named PERSON
 * (helpers/reviews.ts); the owner's own rows name them too (audit trail, proof and stage notes).
 */
import { insertPhotoRow } from "./photo-row";
import { DAY_MS } from "~/lib/dates";
import { eq } from "drizzle-orm";
import { type Db, schema } from "~/server/db/client";
import { makeCategory, makeProduct } from "~/server/seed/factories";
import { makeOrder, makeShopperRow, PERSON, type ReviewShop } from "./reviews";

export const SEEDED = {
  code: "DIWALI10",
  courier: "Delhivery",
  awb: "AWB7788990011",
  proofReply: `Please change the spelling and call me on ${PERSON.phone}`,
  materialsCourier: `India Post, sent by ${PERSON.firstName} ${PERSON.lastName}`,
  materialsTracking: "EP123456789IN",
  neededBy: "2026-12-20",
  grievance: `I am ${PERSON.firstName}; my parcel was late.`,
  claim: `Cracked on arrival, call ${PERSON.firstName} ${PERSON.lastName} on ${PERSON.phone}`,
} as const;

export interface SeededPerson {
  token: string;
  delivered: string;
  pending: string;
  otherReviewId: string;
}

const fullName = `${PERSON.firstName} ${PERSON.lastName}`;

/** Seeds `uid` (named PERSON) into every table that can keep a person; answers what tests need. */
export async function seedPersonEverywhere(
  db: Db,
  uid: string,
  shop: ReviewShop,
): Promise<SeededPerson> {
  const email = `${uid}@example.com`;
  const token = await makeShopperRow(db, uid);
  // Delivered two days ago: past the claim window, so an erasure takes it at once (decision 0170).
  const delivered = await makeOrder(
    db,
    uid,
    [shop.frameId, shop.tagId],
    "delivered",
    new Date(Date.now() - 2 * DAY_MS),
  );
  const pending = await makeOrder(db, uid, [shop.tagId], "pending");
  const address = { address1: PERSON.address1, city: PERSON.city, zipCode: PERSON.zipCode };
  await db.insert(schema.payments).values({
    providerPaymentId: `pay_${uid}`,
    orderId: delivered,
    provider: "local",
    status: "SUCCESS",
    amountPaise: 99800,
    upiId: `${PERSON.phone}@upi`,
    raw: { customer_details: { customer_phone: PERSON.phone, customer_email: email } },
  });
  await db.insert(schema.webhookEvents).values({
    id: `wh_${uid}`,
    provider: "local",
    type: "PAYMENT_SUCCESS_WEBHOOK",
    orderId: delivered,
    body: { data: { customer_details: { customer_name: fullName } } },
  });
  // The cart, the reminder consent and one reminder sent.
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, uid));
  await db.insert(schema.carts).values({ id: user!.cartId, userId: uid });
  await db.insert(schema.cartItems).values({
    id: `ci_${uid}`,
    cartId: user!.cartId,
    productId: shop.frameId,
    quantity: 2,
    pricePaise: 49900,
    note: `For ${PERSON.firstName}`,
  });
  await db.insert(schema.reminderConsents).values({
    userId: uid,
    consented: true,
    source: "signup",
    unsubscribeToken: `tok_${uid}_abcdefghijklmnop`,
  });
  await db
    .insert(schema.cartReminders)
    .values({ userId: uid, cartChangedAt: new Date("2026-11-01T10:00:00Z") });
  // A discount code used on the delivered order.
  await db
    .insert(schema.discountCodes)
    .values({ id: `dc_${uid}`, code: SEEDED.code, kind: "percent", percentBasisPoints: 1000 })
    .onConflictDoNothing();
  await db.insert(schema.discountUses).values({
    orderId: delivered,
    codeId: `dc_${uid}`,
    userId: uid,
    discountPaise: 9980,
    orderTotalPaise: 89820,
    heldUntil: new Date(),
    usedAt: new Date(),
  });
  // The parcel, a tracking event (the provider's payload names the person) and the label.
  await db.insert(schema.shipments).values({
    id: `shp_${uid}`,
    orderId: delivered,
    provider: "shiprocket",
    clientKey: "k1",
    status: "delivered",
    weightGrams: 500,
    lengthCm: 20,
    breadthCm: 15,
    heightCm: 5,
    courierName: SEEDED.courier,
    awb: `${SEEDED.awb}${uid.length}`,
    labelUrl: `https://labels.example/${PERSON.zipCode}.pdf`,
    lastError: `Pincode ${PERSON.zipCode} was not serviceable for ${fullName}`,
  });
  await db.insert(schema.shipmentEvents).values({
    id: `ev_${uid}`,
    shipmentId: `shp_${uid}`,
    source: "webhook",
    status: "delivered",
    providerStatus: "DELIVERED",
    at: new Date("2026-11-03T12:00:00Z"),
    body: { consignee: fullName, phone: PERSON.phone, address: address },
  });
  // A proof round (the owner greets them; they answer), their parcel of flowers, a needed-by date.
  await db.insert(schema.orderProofs).values({
    id: `prf_${uid}`,
    orderId: delivered,
    round: 1,
    message: `Hi ${PERSON.firstName}, here is the layout.`,
    status: "changes",
    reply: SEEDED.proofReply,
    repliedAt: new Date(),
  });
  await db.insert(schema.orderMaterials).values({
    orderId: delivered,
    reference: `RT-${delivered.slice(-6)}`,
    expectedSince: new Date(),
    courier: SEEDED.materialsCourier,
    tracking: SEEDED.materialsTracking,
    sentAt: new Date(),
    receivedNote: `${PERSON.firstName}'s flowers arrived fresh`,
  });
  await db.insert(schema.orderNeededBy).values({ orderId: delivered, neededBy: SEEDED.neededBy });
  await db.insert(schema.refunds).values({
    id: `rf${uid.replace(/\W/g, "")}`,
    orderId: delivered,
    provider: "local",
    amountPaise: 9900,
    reason: "A tag arrived chipped",
    requestedBy: "owner-1@example.com",
    raw: { customer: email },
  });
  await db.insert(schema.reviewRequests).values({ orderId: delivered });
  // A damage claim naming the person (decision 0247), with one file's row.
  await db.insert(schema.damageClaims).values({
    id: `clm_${uid}`,
    orderId: delivered,
    userId: uid,
    lines: [{ itemId: `${delivered}_line_0`, quantity: 1 }],
    description: SEEDED.claim,
    deliveredAt: new Date(Date.now() - 2 * DAY_MS),
    deadline: new Date(Date.now() - 2 * DAY_MS + 12 * 3_600_000),
  });
  await db.insert(schema.claimMedia).values({
    id: `cm_${uid}`,
    claimId: `clm_${uid}`,
    kind: "video",
    ext: "mp4",
    contentType: "video/mp4",
    sizeBytes: 2048,
  });
  await insertPhotoRow(db, `ph_${uid}`, uid, shop.frameId);
  // Another buyer's review the person marked helpful (its order id only needs to exist: the
  // person's pending order stands in, so no second order names PERSON).
  const other = `${uid}-neighbour`;
  await db
    .insert(schema.users)
    .values({ id: other, email: `${other}@example.com`, firstName: "Asha" });
  const otherReviewId = `rev_other_${uid}`;
  await db.insert(schema.reviews).values({
    id: otherReviewId,
    productId: (await makeProduct(db, { categoryId: (await makeCategory(db)).id })).id,
    userId: other,
    orderId: pending,
    rating: 5,
    title: "Sturdy",
    body: "Good tag",
    authorName: "Asha",
    status: "published",
  });
  await db.insert(schema.reviewVotes).values({ reviewId: otherReviewId, userId: uid });
  await db
    .insert(schema.dataRequests)
    .values({ id: `dr_${uid}`, userId: uid, kind: "grievance", details: SEEDED.grievance });
  // Mail: one sent to them, one waiting to go to them, one to the owner about them.
  await db.insert(schema.outbox).values([
    {
      id: `mail_sent_${uid}`,
      to: email,
      subject: "Your order",
      body: `Hello ${fullName}. Unsubscribe: https://shop.example/unsubscribe/tok_${uid}_abcdefghijklmnop`,
      sentAt: new Date(),
    },
    { id: `mail_unsent_${uid}`, to: email, subject: "Your parcel", body: "On its way" },
    {
      id: `mail_owner_${uid}`,
      to: "hello@resintales.example",
      subject: `New inquiry from ${fullName}`,
      body: "See the portal",
      replyTo: email,
    },
  ]);
  // The owner's trail: rows that copied their address, phone, email and name.
  await db.insert(schema.auditLog).values([
    {
      id: `aud_addr_${uid}`,
      actorUid: "owner-1",
      actorEmail: "owner-1@example.com",
      action: "order.address",
      entity: "order",
      entityId: delivered,
      before: { shippingAddress: { ...address, phone: PERSON.phone } },
      after: { shippingAddress: { ...address, address1: "45 Koregaon Park Lane" }, email },
    },
    {
      id: `aud_mail_${uid}`,
      actorUid: "owner-1",
      action: "outbox.resend",
      entity: "outbox",
      entityId: `mail_owner_${uid}`,
      after: { state: "queued", subject: `New inquiry from ${fullName}` },
    },
    {
      id: `aud_status_${uid}`,
      actorUid: "owner-1",
      action: "order.status",
      entity: "order",
      entityId: delivered,
      before: { status: "shipped" },
      after: { status: "delivered" },
    },
  ]);
  return { token, delivered, pending, otherReviewId };
}
