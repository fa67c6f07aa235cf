/**
 * The owner's portal API (docs/product.md §7 Admin): an authorisation matrix (no token 401, shopper 403, owner
 * 200) and order status moves checked on the server. The product calls in detail (bodies, sku,
 * the homepage cap) are in admin-products.test.ts. Real accounts on a private Auth Emulator; the owner's role is its users row.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds, type TestDb } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";
import { orderParties, orderPerson } from "./helpers/fixtures";
import { EMULATOR_PORTS } from "./helpers/ports";
import { seedPortalProducts, usePortalAccounts } from "./helpers/portal";

const EMULATOR_PORT = EMULATOR_PORTS.admin;
const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);

const allOrders = await import("~/pages/v2/admin/allorders");
const orderCounts = await import("~/pages/v2/admin/order-counts");
const adminOrder = await import("~/pages/v2/admin/order/[id]");
const allProducts = await import("~/pages/v2/admin/allproducts");
const productRoute = await import("~/pages/v2/products/[id]");
const homeToggle = await import("~/pages/v2/home-products/[id]");

const PERSON = orderPerson();

async function seed(t: TestDb) {
  await seedPortalProducts(t, owner, shopper, 10);
  for (const [id, at, total] of [
    ["o-old", "2026-01-01T10:00:00Z", 49900],
    ["o-new", "2026-01-02T10:00:00Z", 149900],
  ] as const) {
    await t.db.insert(schema.orders).values({
      id,
      userId: shopper.uid,
      subtotalPaise: total,
      totalPaise: total,
      ...orderParties(),
      timeline: { pending: at },
      createdAt: new Date(at),
    });
  }
}

describe.each(dbKinds)("admin API on %s", (kind) => {
  const t = useTestDb(kind, seed);

  const endpoints = () =>
    [
      [allOrders.GET, "/v2/admin/allorders", {}],
      [orderCounts.GET, "/v2/admin/order-counts", {}],
      [adminOrder.GET, "/v2/admin/order/o-old", { params: { id: "o-old" } }],
      [
        adminOrder.PUT,
        "/v2/admin/order/o-old?status=processing",
        { method: "PUT", params: { id: "o-old" } },
      ],
      [allProducts.GET, "/v2/admin/allproducts?limit=0&offset=0&status=all", {}],
      [
        productRoute.PATCH,
        "/v2/products/p9?status=inactive",
        { method: "PATCH", params: { id: "p9" } },
      ],
      [homeToggle.PATCH, "/v2/home-products/p9", { method: "PATCH", params: { id: "p9" } }],
    ] as const;

  it("answers 401 without a token and 403 to a shopper on every admin endpoint, writing nothing", async () => {
    for (const [route, url, options] of endpoints()) {
      expect((await call(route, url, options)).status, url).toBe(401);
      expect((await call(route, url, { ...options, token: shopper.token })).status, url).toBe(403);
    }
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, "o-old"));
    expect(order!.status).toBe("pending");
    expect(await t.db.select().from(schema.homeProducts)).toHaveLength(0);
  });

  it("lists orders newest first and filters them on the server", async () => {
    const all = await call(allOrders.GET, "/v2/admin/allorders", { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.json.map((o: { id: string }) => o.id)).toEqual(["o-new", "o-old"]);
    const cheap = await call(allOrders.GET, "/v2/admin/allorders?max=500&q=asha", {
      token: owner.token,
    });
    expect(cheap.json.map((o: { id: string }) => o.id)).toEqual(["o-old"]);
    const byId = await call(allOrders.GET, "/v2/admin/allorders?q=O-NEW", { token: owner.token });
    expect(byId.json.map((o: { id: string }) => o.id)).toEqual(["o-new"]);
    expect(
      (await call(allOrders.GET, "/v2/admin/allorders?min=abc", { token: owner.token })).status,
    ).toBe(400);
    const counts = await call(orderCounts.GET, "/v2/admin/order-counts", { token: owner.token });
    expect(counts.json).toEqual({
      pending: 2,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
  });

  it("moves an order forward, stamps the timeline and mails the shopper; refuses pending and moves out of delivered", async () => {
    const put = (status: string, body?: unknown) =>
      call(adminOrder.PUT, `/v2/admin/order/o-new?status=${status}`, {
        method: "PUT",
        params: { id: "o-new" },
        token: owner.token,
        body,
      });
    expect((await put("pending")).status).toBe(400);
    expect((await put("bogus")).status).toBe(400);
    expect((await put("processing")).json.status).toBe("processing");
    const shipped = await put("shipped", { trackingNumber: "TRK1", shippingCost: 80.5 });
    expect(shipped.status).toBe(200);
    expect(shipped.json.shipping.trackingNumber).toBe("TRK1");
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, "o-new"));
    expect(row!.shippingCostPaise).toBe(8050);
    expect((await put("delivered")).json.timeline).toHaveProperty("delivered");
    expect((await put("cancelled")).status).toBe(400);
    const mail = await t.db.select().from(schema.outbox);
    expect(mail.filter((m) => m.to === PERSON.email).length).toBeGreaterThanOrEqual(3);
    const missing = await call(adminOrder.GET, "/v2/admin/order/nope", {
      params: { id: "nope" },
      token: owner.token,
    });
    expect(missing.status).toBe(404);
  });
});
