/**
 * The books suites' setup (tests/invoices*.test.ts): the business settings saved as a regular
 * seller in Maharashtra, a frame (HSN and rate from its category) and a tag (its own 5 %), and
 * pending orders to pay with recordPayment as a provider would.
 */
import { eq } from "drizzle-orm";
import { businessSection } from "~/features/books/business-settings.server";
import { SELLER } from "~/features/books/seller.fixtures";
import { recordPayment } from "~/features/checkout/payment-record.server";
import { writeSection } from "~/features/settings/settings-store.server";
import { type Db, schema } from "~/server/db/client";
import type { ProviderPayment } from "~/server/payments/provider";

export { SELLER };

const ACTOR = { uid: "owner", email: "owner@example.com", address: "127.0.0.1" };

export async function saveSeller(db: Db, change: Record<string, unknown> = {}): Promise<void> {
  const [row] = await db
    .select({ version: schema.shopSettings.version })
    .from(schema.shopSettings)
    .where(eq(schema.shopSettings.section, "business"));
  await db.transaction((tx) =>
    writeSection(tx, businessSection, { ...SELLER, ...change }, row?.version ?? 0, ACTOR),
  );
}

/** A user, a category with HSN 3926 at 12 %, a frame (the category's codes), a tag (4414, 5 %). */
export async function seedBooksShop(db: Db, uid: string): Promise<void> {
  await db.insert(schema.users).values({ id: uid, email: `${uid}@example.com` });
  await db
    .insert(schema.categories)
    .values({ id: "Frames", slug: "frames", name: "Frames", hsn: "3926", gstRate: 12 });
  await db.insert(schema.products).values([
    { id: "frame", name: "Ocean Wave Frame", pricePaise: 149_900, sku: "F1", categoryId: "Frames" },
    { id: "tag", name: "Luggage Tag", pricePaise: 49_900, sku: "T1", hsn: "4414", gstRate: 5 },
  ]);
}

let orders = 0;

/** A pending order of 2 frames (A4, Gloss; "Asha & Ravi") and 1 tag, delivered to `state`. */
export async function pendingOrder(
  db: Db,
  uid: string,
  state = "Karnataka",
  extra: { shippingPaise?: number; buyerGstin?: string } = {},
): Promise<{ id: string; totalPaise: number }> {
  const id = `ord-books-${++orders}-${Math.random().toString(36).slice(2, 8)}`;
  const shipping = extra.shippingPaise ?? 0;
  const subtotal = 2 * 149_900 + 49_900;
  const person = {
    firstName: "Asha",
    lastName: "Rao",
    phone: "9876543210",
    email: "asha@example.com",
  };
  const address = {
    id: "addr-1",
    type: "Home",
    address1: "4 MG Road",
    address2: "Near the lake",
    city: "Bengaluru",
    state,
    zipCode: "560001",
    country: "India",
  };
  await db.insert(schema.orders).values({
    id,
    userId: uid,
    subtotalPaise: subtotal,
    shippingPaise: shipping,
    totalPaise: subtotal + shipping,
    shippingName: person,
    billingName: person,
    shippingAddress: address,
    billingAddress: address,
    provider: "local",
    buyerGstin: extra.buyerGstin ?? "",
  });
  await db.insert(schema.orderItems).values([
    {
      id: `${id}-1`,
      orderId: id,
      productId: "frame",
      productName: "Ocean Wave Frame",
      variant: {
        Size: { id: "v1", value: "A4", price: 0 },
        Finish: { id: "v2", value: "Gloss", price: 0 },
      },
      quantity: 2,
      pricePaise: 149_900,
      productNote: "Asha & Ravi",
    },
    {
      id: `${id}-2`,
      orderId: id,
      productId: "tag",
      productName: "Luggage Tag",
      quantity: 1,
      pricePaise: 49_900,
    },
  ]);
  return { id, totalPaise: subtotal + shipping };
}

export function success(paymentId: string, amountPaise: number): ProviderPayment {
  return {
    paymentId,
    status: "SUCCESS",
    amountPaise,
    currency: "INR",
    orderAmountPaise: amountPaise,
    orderCurrency: "INR",
    feesPaise: 0,
    offers: null,
    paidAt: new Date(),
    upiId: "asha@upi",
    raw: {},
  };
}

export async function pay(
  db: Db,
  order: { id: string; totalPaise: number },
  paymentId = `pay-${order.id}`,
  now = new Date(),
) {
  return recordPayment(db, order.id, success(paymentId, order.totalPaise), "local", now, "webhook");
}
