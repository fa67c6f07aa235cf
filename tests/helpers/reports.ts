/**
 * The reports' suites' shared fixture (tests/reports*.test.ts; docs/decisions/0090, 0092, 0093):
 * April 2026's orders, payments, refunds and documents (written by tests/helpers/issued-documents.ts),
 * with the India-day edges the reports must get right, and `reportsKit`, which makes the database
 * and seeds it inside the suite's `describe.each(dbKinds)`.
 */
import { afterAll, beforeAll } from "vitest";
import { schema, type Db } from "~/server/db/client";
import { createTestDb, type TestDb } from "./db";
import { orderAddress } from "./fixtures";
import { insertDocument } from "./issued-documents";

/** A user the seed writes: the suite's emulator accounts, or fixed ids where no token is needed. */
interface Account {
  uid: string;
}

export const APRIL = { from: "2026-04-01", to: "2026-04-30" };
const ADDRESS = orderAddress();

interface Seed {
  id: string;
  created: string;
  paid?: string;
  kind?: "catalogue" | "custom" | "shipping";
  status?: string;
  subtotal: number;
  discount?: number;
  shipping?: number;
  promised?: string;
  shipped?: string;
  firstName?: string;
  items: { productId?: string; name: string; quantity: number; price: number }[];
}

const ORDERS: Seed[] = [
  {
    id: "o1",
    created: "2026-04-02T09:50:00Z",
    paid: "2026-04-02T10:00:00Z",
    status: "shipped",
    subtotal: 100_000,
    discount: 10_000,
    shipping: 5_000,
    promised: "2026-04-05T10:00:00Z",
    shipped: "2026-04-08T10:00:00Z",
    items: [{ productId: "p1", name: "Resin Frame", quantity: 2, price: 50_000 }],
  },
  {
    // Paid at 00:30 on 2 April in India (19:00 UTC on the 1st).
    id: "o2",
    created: "2026-04-01T18:50:00Z",
    paid: "2026-04-01T19:00:00Z",
    kind: "custom",
    status: "processing",
    subtotal: 50_000,
    promised: "2026-04-10T10:00:00Z",
    items: [{ name: "Custom keepsake", quantity: 1, price: 50_000 }],
  },
  {
    // Placed at 00:00 on 1 April in India: the period's first instant.
    id: "o3",
    created: "2026-03-31T18:30:00Z",
    paid: "2026-03-31T18:40:00Z",
    status: "delivered",
    subtotal: 20_000,
    promised: "2026-04-30T10:00:00Z",
    shipped: "2026-04-03T10:00:00Z",
    items: [{ productId: "p1", name: "Resin Frame", quantity: 1, price: 20_000 }],
  },
  {
    id: "o4",
    created: "2026-04-03T10:00:00Z",
    subtotal: 9_900,
    firstName: '=HYPERLINK("http://evil.example")',
    items: [{ productId: "p2", name: 'Tag, "large"', quantity: 1, price: 9_900 }],
  },
  {
    // 23:20 on 31 March in India: outside April.
    id: "o5",
    created: "2026-03-31T17:50:00Z",
    paid: "2026-03-31T17:55:00Z",
    status: "delivered",
    subtotal: 70_000,
    items: [{ productId: "p2", name: "Luggage Tag", quantity: 7, price: 10_000 }],
  },
  // Same placed instant as o4: the keyset walk orders ties by id.
  {
    id: 'o4"q\\',
    created: "2026-04-03T10:00:00Z",
    subtotal: 2_000,
    items: [{ productId: "p2", name: "Luggage Tag", quantity: 1, price: 2_000 }],
  },
  {
    id: "o4b",
    created: "2026-04-03T10:00:00Z",
    subtotal: 1_000,
    items: [{ productId: "p2", name: "Luggage Tag", quantity: 1, price: 1_000 }],
  },
];

/** The users, catalogue, orders, payments, refunds and documents the reports' suites count. */
async function seed(db: Db, owner: Account, shopper: Account): Promise<void> {
  await db.insert(schema.users).values([
    { id: owner.uid, email: "owner@example.com", role: "tm_admin" },
    { id: shopper.uid, email: "shopper@example.com", firstName: "+91 Asha", phone: "9876543210" },
  ]);
  await db.insert(schema.categories).values({ id: "Frames", slug: "frames" });
  await db.insert(schema.products).values([
    { id: "p1", name: "Resin Frame", pricePaise: 50_000, sku: "RF-1", categoryId: "Frames" },
    { id: "p2", name: "Luggage Tag", pricePaise: 10_000, sku: "LT-1" },
  ]);
  for (const o of ORDERS) {
    const total = o.subtotal - (o.discount ?? 0) + (o.shipping ?? 0);
    const name = {
      firstName: o.firstName ?? "Asha",
      lastName: "Verma",
      phone: "9876543210",
      email: "asha@example.com",
    };
    await db.insert(schema.orders).values({
      id: o.id,
      userId: shopper.uid,
      status: o.status ?? "pending",
      kind: o.kind ?? ("catalogue" as const),
      subtotalPaise: o.subtotal,
      discountPaise: o.discount ?? 0,
      shippingPaise: o.shipping ?? 0,
      totalPaise: total,
      shippingName: name,
      billingName: name,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      timeline: { pending: o.created, ...(o.shipped ? { shipped: o.shipped } : {}) },
      paidAt: o.paid ? new Date(o.paid) : null,
      promisedDispatchAt: o.promised ? new Date(o.promised) : null,
      createdAt: new Date(o.created),
    });
    await db.insert(schema.orderItems).values(
      o.items.map((item, i) => ({
        id: `${o.id}-${i}`,
        orderId: o.id,
        productId: item.productId ?? null,
        productName: item.name,
        quantity: item.quantity,
        pricePaise: item.price,
      })),
    );
    if (o.paid)
      await db.insert(schema.payments).values({
        providerPaymentId: `pay-${o.id}`,
        orderId: o.id,
        provider: "local",
        status: "SUCCESS",
        amountPaise: total,
        outcome: "paid",
        completedAt: new Date(o.paid),
      });
  }
  await db.insert(schema.refunds).values([
    {
      id: "rf1",
      orderId: "o1",
      provider: "local",
      amountPaise: 10_000,
      reason: "-chipped corner",
      status: "SUCCESS",
      requestedBy: "owner@example.com",
      processedAt: new Date("2026-04-09T05:00:00Z"),
    },
    {
      id: "rf3",
      orderId: 'o4"q\\',
      provider: "local",
      amountPaise: 500,
      reason: "Goodwill",
      status: "SUCCESS",
      requestedBy: "owner@example.com",
      processedAt: new Date("2026-05-09T05:00:00Z"),
    },
    {
      id: "rf2",
      orderId: "o1",
      provider: "local",
      amountPaise: 5_000,
      reason: "Still pending",
      status: "PENDING",
      requestedBy: "owner@example.com",
    },
  ]);
  const doc = { placeOfSupplyCode: "07", placeOfSupplyName: "Delhi" };
  const karnataka = { placeOfSupplyCode: "29", placeOfSupplyName: "Karnataka" };
  await insertDocument(db, {
    id: "inv1",
    number: "RT/26-27/000001",
    sequence: 1,
    issuedAt: "2026-04-02T10:00:00Z",
    orderId: "o1",
    paymentId: "pay-o1",
    ...doc,
    lines: [
      { gstRate: 18, taxablePaise: 80_000, quantity: 2 },
      { gstRate: 18, taxablePaise: 5_000, hsn: "9965", kind: "shipping" },
    ],
  });
  await insertDocument(db, {
    id: "inv2",
    number: "RT/26-27/000002",
    sequence: 2,
    issuedAt: "2026-04-01T19:00:00Z",
    orderId: "o2",
    paymentId: "pay-o2",
    buyerName: "Studio Pvt Ltd",
    buyerGstin: "29ABCDE1234F1Z5",
    ...karnataka,
    lines: [{ gstRate: 5, taxablePaise: 47_619, hsn: "4414" }],
  });
  await insertDocument(db, {
    id: "inv3",
    number: "RT/26-27/000003",
    sequence: 3,
    issuedAt: "2026-03-31T18:40:00Z",
    orderId: "o3",
    paymentId: "pay-o3",
    ...karnataka,
    lines: [{ gstRate: 18, taxablePaise: 16_949 }],
  });
  await insertDocument(db, {
    id: "cn1",
    kind: "credit-note",
    number: "RT-CN/26-27/01",
    sequence: 1,
    issuedAt: "2026-04-09T05:00:00Z",
    orderId: "o1",
    refundId: "rf1",
    creditsInvoiceId: "inv1",
    ...doc,
    lines: [{ gstRate: 18, taxablePaise: 8_475 }],
  });
  await insertDocument(db, {
    id: "bos1",
    kind: "bill-of-supply",
    number: "RT-BS/26-27/01",
    series: "bill",
    sequence: 1,
    issuedAt: "2026-04-10T05:00:00Z",
    orderId: "o4",
    ...doc,
    lines: [{ gstRate: 0, taxablePaise: 1_000 }],
  });
  await insertDocument(db, {
    id: "inv0",
    number: "RT/25-26/000099",
    financialYear: "25-26",
    sequence: 99,
    issuedAt: "2026-03-31T17:55:00Z",
    orderId: "o5",
    paymentId: "pay-o5",
    ...doc,
    lines: [{ gstRate: 18, taxablePaise: 59_322 }],
  });
}

/**
 * A fresh database per engine, seeded before the first test and closed after the last. The
 * accounts are read when the hooks run, so `usePortalAccounts`' objects (filled in its own
 * beforeAll) can be passed straight in.
 */
export function reportsKit(kind: TestDb["kind"], owner: Account, shopper: Account) {
  const k = {} as { t: TestDb };
  beforeAll(async () => {
    k.t = await createTestDb(kind);
    await seed(k.t.db, owner, shopper);
  }, 120_000);
  afterAll(async () => {
    await k.t?.close();
  });
  return k;
}
