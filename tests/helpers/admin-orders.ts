/**
 * The owner's orders suites' fixture (tests/admin-orders.test.ts, tests/admin-orders-moves.test.ts):
 * the routes, five listed orders no test moves, and for each database kind a fresh database with
 * the owner, the shopper and those orders, plus the calls the tests make.
 *
 *   const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminOrders);
 *   describe.each(dbKinds)("the owner's orders on %s", (kind) => {
 *     const k = ordersKit(kind, owner, shopper);   // k.t.db, k.list("?status=shipped"), k.put(id, status)
 */
import { afterAll, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db } from "~/server/db/client";
import { call } from "./call";
import { createTestDb, type TestDb } from "./db";
import { orderAddress, orderPerson } from "./fixtures";

export const allOrders = await import("~/pages/v2/admin/allorders");
export const orderCounts = await import("~/pages/v2/admin/order-counts");
export const adminOrder = await import("~/pages/v2/admin/order/[id]");

const ADDRESS = orderAddress();
export const person = orderPerson;

export interface Seed {
  id: string;
  at: string;
  total: number;
  status?: string;
  ship?: ReturnType<typeof person>;
  bill?: ReturnType<typeof person>;
  timeline?: Record<string, string>;
}

/** Read side: five orders that no test moves. */
const LISTED: Seed[] = [
  { id: "ls-A1", at: "2025-01-01T10:00:00Z", total: 49_900, ship: person("Asha", "Verma") },
  {
    id: "ls-B2",
    at: "2025-01-02T10:00:00Z",
    total: 149_900,
    status: "processing",
    ship: person("Ravi", "Kumar"),
  },
  {
    id: "ls-C3",
    at: "2025-01-03T10:00:00Z",
    total: 250_050,
    status: "shipped",
    ship: person("Meera", "Nair"),
    bill: person("Gift", "Giver"),
  },
  {
    id: "ls-D4",
    at: "2025-01-04T10:00:00Z",
    total: 9_900,
    status: "cancelled",
    ship: person("Sean", "O_Brien"),
  },
  {
    id: "ls-E5",
    at: "2025-01-05T10:00:00Z",
    total: 100_000,
    status: "delivered",
    ship: person("Zoya", "Khan"),
  },
];

interface Account {
  uid: string;
  token: string;
}

export function ordersKit(kind: TestDb["kind"], owner: Account, shopper: Account) {
  let t: TestDb;
  async function insertOrder(db: Db, o: Seed): Promise<void> {
    const ship = o.ship ?? person("Asha", "Verma");
    await db.insert(schema.orders).values({
      id: o.id,
      userId: shopper.uid,
      status: o.status ?? "pending",
      subtotalPaise: o.total,
      totalPaise: o.total,
      shippingName: ship,
      billingName: o.bill ?? ship,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      timeline: o.timeline ?? { pending: o.at },
      createdAt: new Date(o.at),
      updatedAt: new Date(o.at),
    });
    await db.insert(schema.orderItems).values({
      id: `${o.id}-1`,
      orderId: o.id,
      productName: "Resin Frame",
      quantity: 1,
      pricePaise: o.total,
    });
  }
  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.db.insert(schema.users).values([
      { id: owner.uid, email: "owner@example.com", role: "tm_admin" },
      { id: shopper.uid, email: "shopper@example.com" },
    ]);
    for (const seed of LISTED) await insertOrder(t.db, seed);
    await t.db
      .update(schema.orders)
      .set({
        provider: "local",
        transactionId: "pay_123",
        upiId: "asha@upi",
        paymentAmountPaise: 149_900,
        paymentStatus: "Paid",
        paidAt: new Date("2025-01-02T10:05:00Z"),
      })
      .where(eq(schema.orders.id, "ls-B2"));
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = "") => {
    const res = await call(allOrders.GET, `/v2/admin/allorders${query}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as { id: string }[]).map((o) => o.id).filter((id) => id.startsWith("ls-"));
  };
  const put = (id: string, status: string, body?: unknown, rawBody?: string) =>
    call(adminOrder.PUT, `/v2/admin/order/${id}?status=${status}`, {
      method: "PUT",
      params: { id },
      token: owner.token,
      body,
      rawBody,
    });
  const row = async (id: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const mailTo = async (email: string) =>
    (await t.db.select().from(schema.outbox)).filter((m) => m.to === email);

  return {
    get t() {
      return t;
    },
    insertOrder,
    list,
    put,
    row,
    mailTo,
  };
}
