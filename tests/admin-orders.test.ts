/**
 * The owner's orders (docs/product.md §7 Admin, decisions 0023 and 0032) against a real database: the list
 * narrowed on the server (status, q, min, max, limit, offset) and whole without a query, the payment
 * details the owner sees, every status move the server accepts or refuses (a refused one writes
 * nothing: no row change, no mail), the shipped move's tracking number and shipping cost, and the
 * mail each move leaves in the outbox. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db } from "../src/server/db/client";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminOrders);

const allOrders = await import("../src/pages/v2/admin/allorders");
const orderCounts = await import("../src/pages/v2/admin/order-counts");
const adminOrder = await import("../src/pages/v2/admin/order/[id]");

const ADDRESS = {
  id: "a1",
  type: "Home",
  address1: "12 MI Road",
  address2: "",
  city: "Jaipur",
  state: "Rajasthan",
  zipCode: "302001",
  country: "India",
};
const person = (
  firstName: string,
  lastName: string,
  email = `${firstName.toLowerCase()}@example.com`,
) => ({ firstName, lastName, phone: "9876543210", email });

interface Seed {
  id: string;
  at: string;
  total: number;
  status?: string;
  ship?: ReturnType<typeof person>;
  bill?: ReturnType<typeof person>;
  timeline?: Record<string, string>;
}

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

describe.each(dbKinds)("the owner's orders on %s", (kind) => {
  let t: TestDb;
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

  it("answers every order newest first without a query, amounts in rupees and the payment's details", async () => {
    const res = await call(allOrders.GET, "/v2/admin/allorders", { token: owner.token });
    expect(res.json.map((o: { id: string }) => o.id)).toEqual([
      "ls-E5",
      "ls-D4",
      "ls-C3",
      "ls-B2",
      "ls-A1",
    ]);
    const paid = res.json.find((o: { id: string }) => o.id === "ls-B2");
    expect(paid.pricing.total).toBe(1499);
    expect(paid.items).toHaveLength(1);
    expect(paid.payment).toEqual({
      method: "UPI",
      status: "Paid",
      transactionId: "pay_123",
      amount: 1499,
      provider: "local",
      upiId: "asha@upi",
      paidAt: "2025-01-02T10:05:00.000Z",
    });
    const one = await call(adminOrder.GET, "/v2/admin/order/ls-B2", {
      params: { id: "ls-B2" },
      token: owner.token,
    });
    expect(one.json.payment).toEqual(paid.payment);
  });

  it("narrows on the server by status, id or name (any case, shipping or billing), amount and page", async () => {
    expect(await list("?status=shipped")).toEqual(["ls-C3"]);
    expect(await list("?q=LS-b")).toEqual(["ls-B2"]);
    expect(await list("?q=ravi%20KUMAR")).toEqual(["ls-B2"]);
    expect(await list("?q=giver")).toEqual(["ls-C3"]);
    expect(await list("?q=o_b")).toEqual(["ls-D4"]);
    expect(await list("?q=%25")).toEqual([]);
    expect(await list("?min=1000")).toEqual(["ls-E5", "ls-C3", "ls-B2"]);
    expect(await list("?min=1000&max=2500.5")).toEqual(["ls-E5", "ls-C3", "ls-B2"]);
    expect(await list("?min=1000&max=2500.49")).toEqual(["ls-E5", "ls-B2"]);
    expect(await list("?limit=2")).toEqual(["ls-E5", "ls-D4"]);
    expect(await list("?limit=2&offset=2")).toEqual(["ls-C3", "ls-B2"]);
    expect(await list("?q=ls-&min=100&limit=1&offset=1")).toEqual(["ls-C3"]);
  });

  it("counts per status under the dashboard's filter, so a page walk and the counts agree", async () => {
    const counts = async (query: string) => {
      const res = await call(orderCounts.GET, `/v2/admin/order-counts${query}`, {
        token: owner.token,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as Record<string, number>;
    };
    expect(await counts("?q=ls-&min=1000")).toEqual({
      pending: 0,
      processing: 1,
      shipped: 1,
      delivered: 1,
      cancelled: 0,
    });
    expect(await counts("?q=ravi")).toMatchObject({ processing: 1, shipped: 0 });
    expect(await counts("?q=nobody-at-all")).toEqual({
      pending: 0,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
    // The dashboard's pages of a filtered view: every order once, as many as its counts say.
    const all = Object.values(await counts("?q=ls-")).reduce((a, b) => a + b, 0);
    const walked: string[] = [];
    for (let offset = 0; offset < all; offset += 2)
      walked.push(...(await list(`?q=ls-&limit=2&offset=${offset}`)));
    expect(walked).toEqual(["ls-E5", "ls-D4", "ls-C3", "ls-B2", "ls-A1"]);
    const bad = await call(orderCounts.GET, "/v2/admin/order-counts?min=9&max=1", {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("min");
  });

  it("refuses a malformed filter with a 400 naming it", async () => {
    for (const [query, field] of [
      ["?status=lost", "status"],
      ["?min=abc", "min"],
      ["?min=1.005", "min"],
      ["?max=-1", "max"],
      ["?max=99999999", "max"],
      ["?limit=ten", "limit"],
      ["?min=500&max=100", "min"],
      [`?q=${"x".repeat(201)}`, "q"],
    ] as const) {
      const res = await call(allOrders.GET, `/v2/admin/allorders${query}`, { token: owner.token });
      expect(res.status, query).toBe(400);
      expect(res.json.error, query).toContain(field);
    }
  });

  it("moves an order pending -> processing -> shipped -> delivered, stamping the timeline and mailing the shopper each time", async () => {
    await insertOrder(t.db, {
      id: "mv-1",
      at: "2025-02-01T10:00:00Z",
      total: 99_900,
      ship: person("Nisha", "Rao", "nisha@example.com"),
    });
    const processing = await put("mv-1", "processing");
    expect(processing.status).toBe(200);
    expect(processing.json.status).toBe("processing");
    expect(Object.keys(processing.json.timeline).sort()).toEqual(["pending", "processing"]);
    expect(new Date(processing.json.updatedAt).getTime()).toBeGreaterThan(
      new Date("2025-02-01T10:00:00Z").getTime(),
    );

    const shipped = await put("mv-1", "shipped", {
      trackingNumber: "  DTDC-12345 ",
      shippingCost: 80.5,
    });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    expect(shipped.json.shipping).toEqual({
      method: "standard",
      cost: 80.5,
      trackingNumber: "DTDC-12345",
    });
    const stored = await row("mv-1");
    expect(stored.shippingCostPaise).toBe(8050);
    expect(stored.trackingNumber).toBe("DTDC-12345");
    expect(stored.totalPaise).toBe(99_900);

    const delivered = await put("mv-1", "delivered");
    expect(delivered.json.status).toBe("delivered");
    expect(Object.keys(delivered.json.timeline).sort()).toEqual([
      "delivered",
      "pending",
      "processing",
      "shipped",
    ]);

    const mail = await mailTo("nisha@example.com");
    expect(mail.map((m) => m.subject)).toEqual([
      "Resin Tales: your order mv-1 is Processing",
      "Resin Tales: your order mv-1 is Shipped",
      "Resin Tales: your order mv-1 is Delivered",
    ]);
    const shippedMail = mail[1]!.body;
    expect(shippedMail).toContain("Tracking number: DTDC-12345");
    expect(shippedMail).toContain("Shipping cost: ₹80.50");
    expect(shippedMail).toContain("/my-orders/mv-1");
  });

  it("refuses a bad status, a move back to pending, a skipped step and any move out of delivered or cancelled, writing nothing", async () => {
    await insertOrder(t.db, {
      id: "mv-2",
      at: "2025-02-02T10:00:00Z",
      total: 10_000,
      status: "processing",
      ship: person("Kiran", "Das", "kiran@example.com"),
      timeline: { pending: "2025-02-02T10:00:00Z", processing: "2025-02-02T11:00:00Z" },
    });
    await insertOrder(t.db, {
      id: "mv-3",
      at: "2025-02-03T10:00:00Z",
      total: 10_000,
      status: "delivered",
      ship: person("Kiran", "Das", "kiran@example.com"),
    });
    await insertOrder(t.db, {
      id: "mv-4",
      at: "2025-02-04T10:00:00Z",
      total: 10_000,
      status: "cancelled",
      ship: person("Kiran", "Das", "kiran@example.com"),
    });
    const before = await Promise.all(["mv-2", "mv-3", "mv-4"].map(row));
    for (const [id, status, message] of [
      ["mv-2", "pending", "status must be processing, shipped, delivered or cancelled"],
      ["mv-2", "bogus", "status must be"],
      ["mv-2", "", "status must be"],
      ["mv-2", "processing", "already processing"],
      ["mv-2", "delivered", "cannot move from processing to delivered"],
      ["mv-3", "cancelled", "cannot move from delivered to cancelled"],
      ["mv-3", "shipped", "cannot move from delivered to shipped"],
      ["mv-4", "processing", "cannot move from cancelled to processing"],
    ] as const) {
      const res = await put(id, status);
      expect(res.status, `${id} -> ${status}`).toBe(400);
      expect(res.json.error).toContain(message);
    }
    expect(await Promise.all(["mv-2", "mv-3", "mv-4"].map(row))).toEqual(before);
    expect(await mailTo("kiran@example.com")).toEqual([]);
    const missing = await put("nope", "processing");
    expect(missing.status).toBe(404);
  });

  it("takes a tracking number and shipping cost only with shipped, and refuses malformed ones, writing nothing", async () => {
    await insertOrder(t.db, {
      id: "mv-5",
      at: "2025-02-05T10:00:00Z",
      total: 10_000,
      status: "processing",
      ship: person("Dev", "Shah", "dev@example.com"),
    });
    const before = await row("mv-5");
    for (const [status, body, message] of [
      ["shipped", { shippingCost: 1.005 }, "shippingCost"],
      ["shipped", { shippingCost: -5 }, "shippingCost"],
      ["shipped", { shippingCost: "80" }, "shippingCost"],
      ["shipped", { trackingNumber: "x".repeat(121) }, "trackingNumber"],
      ["shipped", { carrier: "DTDC" }, "trackingNumber and shippingCost only"],
      ["cancelled", { trackingNumber: "T1" }, "only when the order is shipped"],
    ] as const) {
      const res = await put("mv-5", status, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toContain(message);
    }
    const notJson = await call(adminOrder.PUT, "/v2/admin/order/mv-5?status=shipped", {
      method: "PUT",
      params: { id: "mv-5" },
      token: owner.token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await row("mv-5")).toEqual(before);
    expect(await mailTo("dev@example.com")).toEqual([]);
    const shipped = await put("mv-5", "shipped");
    expect(shipped.json.shipping).toEqual({ method: "standard", cost: 0, trackingNumber: "" });
    const cancelled = await put("mv-5", "cancelled");
    expect(cancelled.json.status).toBe("cancelled");
    expect(cancelled.json.timeline).toHaveProperty("cancelled");
    expect(cancelled.json.updatedAt).toBe(cancelled.json.timeline.cancelled);
  });

  it("applies one of two owners' simultaneous moves of one order and mails once", async () => {
    await insertOrder(t.db, {
      id: "mv-6",
      at: "2025-02-06T10:00:00Z",
      total: 10_000,
      ship: person("Tara", "Iyer", "tara@example.com"),
    });
    const raced = await Promise.all([put("mv-6", "processing"), put("mv-6", "processing")]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await mailTo("tara@example.com")).toHaveLength(1);
  });

  it("counts orders per status", async () => {
    const counts = await call(orderCounts.GET, "/v2/admin/order-counts", { token: owner.token });
    const rows = await t.db.select().from(schema.orders);
    const expected = {
      pending: 0,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    } as Record<string, number>;
    for (const r of rows) expected[r.status]!++;
    expect(counts.json).toEqual(expected);
    expect(counts.json.cancelled).toBeGreaterThanOrEqual(2);
  });
});
