/**
 * The owner's records suites' fixture (tests/owner-records*.test.ts): an order, a product in a
 * category and four mails in the outbox (waiting, sent, failing, given up), and for each database
 * kind a fresh database holding them (`recordsKit(kind, owner, shopper)`: `k.t.db`,
 * `k.auditRows()`).
 */
import { afterAll, beforeAll } from "vitest";
import { schema, type Db } from "~/server/db/client";
import { MAX_MAIL_ATTEMPTS } from "~/server/outbox-claim.server";
import { createTestDb, type TestDb } from "./db";
import { orderParties } from "./fixtures";
import { portalUsers } from "./portal";

interface Account {
  uid: string;
  email: string;
}

async function seed(db: Db, owner: Account, shopper: Account): Promise<void> {
  await db.insert(schema.users).values(portalUsers(owner, shopper));
  await db.insert(schema.categories).values({
    id: "Frames",
    slug: "frames",
    name: "Frames",
    img: "/images/categories/frames.svg",
    show: 1,
  });
  await db
    .insert(schema.products)
    .values({ id: "p1", name: "Geode", pricePaise: 100000, sku: "G-1", categoryId: "Frames" });
  await db.insert(schema.orders).values({
    id: "ord-1",
    userId: shopper.uid,
    status: "pending",
    subtotalPaise: 49_900,
    totalPaise: 49_900,
    ...orderParties(),
    timeline: { pending: "2026-01-01T10:00:00Z" },
  });
  const mail = { subject: "Your order", body: "Hello", to: "asha@example.com" };
  await db.insert(schema.outbox).values([
    { id: "m-wait", ...mail, createdAt: new Date("2026-01-01T00:00:00Z") },
    {
      id: "m-sent",
      ...mail,
      sentAt: new Date("2026-01-02T00:05:00Z"),
      attempts: 1,
      createdAt: new Date("2026-01-02T00:00:00Z"),
    },
    {
      id: "m-fail",
      ...mail,
      error: "550 mailbox unavailable",
      attempts: 2,
      createdAt: new Date("2026-01-03T00:00:00Z"),
    },
    {
      id: "m-gone",
      ...mail,
      error: "connection refused",
      attempts: MAX_MAIL_ATTEMPTS,
      createdAt: new Date("2026-01-04T00:00:00Z"),
    },
  ]);
}

export function recordsKit(kind: TestDb["kind"], owner: Account, shopper: Account) {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t.db, owner, shopper);
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t;
    },
    auditRows: () => t.db.select().from(schema.auditLog),
  };
}
