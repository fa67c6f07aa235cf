/**
 * Shared steps of the reviews and data-rights suites: a shop with two products, the owner, and
 * shoppers whose orders are inserted as the order store keeps them, in the status a case needs
 * (delivered to review). Tokens are helpers/test-tokens' "test:<uid>".
 */
import { schema, type Db } from "~/server/db/client";
import { makeCategory, makeProduct } from "~/server/seed/factories";
import { call } from "./call";
import type { TestDb } from "./db";
import { ADDRESS } from "./fixtures";
import { useTestDb } from "./suite-db";

export const OWNER_UID = "owner-1";
export const OWNER = `test:${OWNER_UID}`;

export interface ReviewShop {
  frameId: string;
  tagId: string;
}

export async function makeReviewShop(db: Db): Promise<ReviewShop> {
  const categoryId = (await makeCategory(db)).id;
  const frame = await makeProduct(db, { name: "Ocean Wave Photo Frame", categoryId });
  const tag = await makeProduct(db, { name: "Luggage Tag", categoryId });
  await db
    .insert(schema.users)
    .values({ id: OWNER_UID, email: "owner-1@example.com", role: "tm_admin" })
    .onConflictDoNothing();
  return { frameId: frame.id, tagId: tag.id };
}

/**
 * Call inside describe(): a fresh database of the kind (useTestDb) holding the review shop, then
 * `seed`'s rows. `shop` is filled before the first test; `shopper()` adds a shopper row whose uid
 * is `<prefix>-<kind>-<count>`, counted per suite.
 *
 *   const { t, shop, shopper } = reviewShopKit(kind, "claim");
 */
export function reviewShopKit(
  kind: TestDb["kind"],
  prefix: string,
  seed?: (db: Db, shop: ReviewShop) => Promise<void>,
) {
  const shop = {} as ReviewShop;
  const t = useTestDb(kind, async (t) => {
    Object.assign(shop, await makeReviewShop(t.db));
    await seed?.(t.db, shop);
  });
  let n = 0;
  const shopper = async () => {
    const uid = `${prefix}-${kind}-${++n}`;
    return { uid, token: await makeShopperRow(t.db, uid) };
  };
  return { t, shop, shopper };
}

export const PERSON = {
  firstName: "Priyanka",
  lastName: "Raghunathan",
  phone: "9812345678",
  email: "priyanka.r@example.com",
  address1: "44 Koregaon Park Lane",
  city: "Pune",
  zipCode: "411001",
};

/** A shopper row with a saved address, named PERSON unless told otherwise. */
export async function makeShopperRow(db: Db, uid: string): Promise<string> {
  await db.insert(schema.users).values({
    id: uid,
    email: `${uid}@example.com`,
    firstName: PERSON.firstName,
    lastName: PERSON.lastName,
    displayName: `${PERSON.firstName} ${PERSON.lastName}`,
    phone: PERSON.phone,
  });
  await db.insert(schema.addresses).values({
    userId: uid,
    id: "addr-1",
    ...ADDRESS,
    fName: PERSON.firstName,
    lName: PERSON.lastName,
    phone: PERSON.phone,
    email: `${uid}@example.com`,
    address1: PERSON.address1,
    city: PERSON.city,
    state: "Maharashtra",
    zipCode: PERSON.zipCode,
  });
  return `test:${uid}`;
}

let orders = 0;

/** An order of `productIds` for `uid` in `status` (delivered: with its timeline's delivered date). */
export async function makeOrder(
  db: Db,
  uid: string,
  productIds: string[],
  status: "pending" | "processing" | "shipped" | "delivered" = "delivered",
  deliveredAt = new Date(),
): Promise<string> {
  orders++;
  const id = `ord_test_${orders}_${Math.random().toString(36).slice(2, 8)}`;
  const name = {
    firstName: PERSON.firstName,
    lastName: PERSON.lastName,
    phone: PERSON.phone,
    email: `${uid}@example.com`,
  };
  const address = {
    id: "addr-1",
    type: "Home" as const,
    address1: PERSON.address1,
    address2: "",
    city: PERSON.city,
    state: "Maharashtra",
    zipCode: PERSON.zipCode,
    country: "India",
  };
  await db.insert(schema.orders).values({
    id,
    userId: uid,
    status,
    subtotalPaise: 49900 * productIds.length,
    totalPaise: 49900 * productIds.length,
    shippingName: name,
    billingName: name,
    shippingAddress: address,
    billingAddress: address,
    paymentStatus: status === "pending" ? "Pending" : "Paid",
    paidAt: status === "pending" ? null : new Date(),
    timeline:
      status === "delivered"
        ? { pending: new Date().toISOString(), delivered: deliveredAt.toISOString() }
        : { pending: new Date().toISOString() },
  });
  await db.insert(schema.orderItems).values(
    productIds.map((productId, i) => ({
      id: `${id}_line_${i}`,
      orderId: id,
      productId,
      productName: `Product ${productId}`,
      quantity: 1,
      pricePaise: 49900,
    })),
  );
  return id;
}

export const reviewBody = (orderId: string, productId: string, extra: object = {}) => ({
  orderId,
  productId,
  rating: 5,
  title: "Lovely colours",
  body: "The waves look real and it came well packed.",
  photos: [],
  ...extra,
});

/** POST /v2/reviews as the shopper whose token this is: a review of `productId` from `orderId`. */
export async function sendReview(
  token: string,
  orderId: string,
  productId: string,
  extra: object = {},
) {
  const reviewsRoute = await import("~/pages/v2/reviews/index");
  return call(reviewsRoute.POST, "/v2/reviews", {
    method: "POST",
    token,
    body: reviewBody(orderId, productId, extra),
  });
}
