/**
 * The owner's portal API (SPEC §7 Admin): an authorisation matrix (no token 401, shopper 403, owner
 * 200), order status moves checked on the server, and the homepage listing capped at 8 even when
 * two toggles race at 7. Real accounts on a private Auth Emulator; the owner's role is its users row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/server/db/client";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

const EMULATOR_PORT = Number(process.env.TEST_EMULATOR_PORT_ADMIN ?? process.env.TEST_EMULATOR_PORT ?? 9297);
let auth: TestAuth;
let owner: { uid: string; token: string };
let shopper: { uid: string; token: string };

beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORT);
  owner = await auth.createUser();
  shopper = await auth.createUser();
}, 120_000);

afterAll(async () => {
  await auth?.stop();
});

const allOrders = await import("../src/pages/v2/admin/allorders");
const orderCounts = await import("../src/pages/v2/admin/order-counts");
const adminOrder = await import("../src/pages/v2/admin/order/[id]");
const allProducts = await import("../src/pages/v2/admin/allproducts");
const productRoute = await import("../src/pages/v2/products/[id]");
const productsRoute = await import("../src/pages/v2/products/index");
const homeToggle = await import("../src/pages/v2/home-products/[id]");

const PERSON = { firstName: "Asha", lastName: "Verma", phone: "9876543210", email: "asha@example.com" };
const ADDRESS = { id: "a1", type: "Home", address1: "12 MI Road", address2: "", city: "Jaipur", state: "Rajasthan", zipCode: "302001", country: "India" };

async function seed(t: TestDb) {
  await t.db.insert(schema.users).values([
    { id: owner.uid, email: "owner@example.com", role: "tm_admin" },
    { id: shopper.uid, email: "shopper@example.com" },
  ]);
  await t.db.insert(schema.categories).values({ id: "frames", slug: "frames", name: "Frames" });
  await t.db.insert(schema.products).values(
    Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, pricePaise: 10000 + i, costPricePaise: 5000, sku: `SKU-${i}`, categoryId: "frames" })),
  );
  for (const [id, at, total] of [
    ["o-old", "2026-01-01T10:00:00Z", 49900],
    ["o-new", "2026-01-02T10:00:00Z", 149900],
  ] as const) {
    await t.db.insert(schema.orders).values({
      id,
      userId: shopper.uid,
      subtotalPaise: total,
      totalPaise: total,
      shippingName: PERSON,
      billingName: PERSON,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      timeline: { pending: at },
      createdAt: new Date(at),
    });
  }
}

describe.each(dbKinds)("admin API on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const endpoints = () =>
    [
      [allOrders.GET, "/v2/admin/allorders", {}],
      [orderCounts.GET, "/v2/admin/order-counts", {}],
      [adminOrder.GET, "/v2/admin/order/o-old", { params: { id: "o-old" } }],
      [adminOrder.PUT, "/v2/admin/order/o-old?status=processing", { method: "PUT", params: { id: "o-old" } }],
      [allProducts.GET, "/v2/admin/allproducts?limit=0&offset=0&status=all", {}],
      [productRoute.PATCH, "/v2/products/p9?status=inactive", { method: "PATCH", params: { id: "p9" } }],
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
    const cheap = await call(allOrders.GET, "/v2/admin/allorders?max=500&q=asha", { token: owner.token });
    expect(cheap.json.map((o: { id: string }) => o.id)).toEqual(["o-old"]);
    const byId = await call(allOrders.GET, "/v2/admin/allorders?q=O-NEW", { token: owner.token });
    expect(byId.json.map((o: { id: string }) => o.id)).toEqual(["o-new"]);
    expect((await call(allOrders.GET, "/v2/admin/allorders?min=abc", { token: owner.token })).status).toBe(400);
    const counts = await call(orderCounts.GET, "/v2/admin/order-counts", { token: owner.token });
    expect(counts.json).toEqual({ pending: 2, processing: 0, shipped: 0, delivered: 0, cancelled: 0 });
  });

  it("moves an order forward, stamps the timeline and mails the shopper; refuses pending and moves out of delivered", async () => {
    const put = (status: string, body?: unknown) =>
      call(adminOrder.PUT, `/v2/admin/order/o-new?status=${status}`, { method: "PUT", params: { id: "o-new" }, token: owner.token, body });
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
    const missing = await call(adminOrder.GET, "/v2/admin/order/nope", { params: { id: "nope" }, token: owner.token });
    expect(missing.status).toBe(404);
  });

  it("lists products with costPrice and onHome, and switches one inactive", async () => {
    const off = await call(productRoute.PATCH, "/v2/products/p0?status=inactive", { method: "PATCH", params: { id: "p0" }, token: owner.token });
    expect(off.status).toBe(200);
    expect(off.json.status).toBe("inactive");
    const list = await call(allProducts.GET, "/v2/admin/allproducts?limit=0&offset=0&status=all", { token: owner.token });
    expect(list.json).toHaveLength(10);
    expect(list.json[0]).toHaveProperty("costPrice");
    expect(list.json[0]).toHaveProperty("onHome", false);
    const on = await call(productRoute.PATCH, "/v2/products/p0?status=active", { method: "PATCH", params: { id: "p0" }, token: owner.token });
    expect(on.json.status).toBe("active");
  });

  it("caps the homepage listing at 8, even with two toggles racing at 7", async () => {
    const toggle = (id: string) => call(homeToggle.PATCH, `/v2/home-products/${id}`, { method: "PATCH", params: { id }, token: owner.token });
    for (let i = 0; i < 7; i++) expect((await toggle(`p${i}`)).text).toBe("added");
    const raced = await Promise.all([toggle("p7"), toggle("p8")]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(raced.find((r) => r.status === 400)!.json).toEqual({ error: "max 8 products can be added!" });
    expect(await t.db.select().from(schema.homeProducts)).toHaveLength(8);
    expect((await toggle("p0")).text).toBe("removed");
    expect(await t.db.select().from(schema.homeProducts)).toHaveLength(7);
  });

  it("creates and edits a product from the shared schema; a duplicate sku or a bad body writes nothing", async () => {
    const body = {
      name: "Ocean Frame", description: "Blue", price: 1499.5, comparePrice: 1999, costPrice: 600, weight: 0.75,
      categoryId: "frames", status: "active", sku: "OCEAN-1",
      variants: [{ name: "Size", value: "A4", price: 300 }, { name: "Finish", value: "Gold", price: 150.25 }],
      attributes: [{ name: "Material", value: "Resin" }], tags: ["ocean", "blue"],
      images: [{ url: "/media/ocean.webp", alt: "Ocean frame", isPrimary: true }],
    };
    const post = (b: unknown) => call(productsRoute.POST, "/v2/products", { method: "POST", token: owner.token, body: b });
    const created = await post(body);
    expect(created.status).toBe(201);
    expect(created.json.variants).toHaveLength(2);
    const [row] = await t.db.select().from(schema.products).where(eq(schema.products.sku, "OCEAN-1"));
    expect(row!.pricePaise).toBe(149950);
    expect(row!.weightGrams).toBe(750);
    const before = (await t.db.select().from(schema.products)).length;
    const dup = await post({ ...body, name: "Other" });
    expect(dup.status).toBe(400);
    expect(dup.json.error).toMatch(/sku/);
    for (const bad of [{ ...body, sku: "X2", price: 10.005 }, { ...body, sku: "X3", images: [] }, { ...body, sku: "X4", tags: ["a", "a"] }, { ...body, sku: "X5", images: [{ url: "https://evil.example/x.png", alt: "", isPrimary: true }] }])
      expect((await post(bad)).status).toBe(400);
    expect((await call(productsRoute.POST, "/v2/products", { method: "POST", token: shopper.token, body })).status).toBe(403);
    expect(await t.db.select().from(schema.products)).toHaveLength(before);
    const id = created.json.id as string;
    const put = await call(productRoute.PUT, `/v2/products/${id}`, { method: "PUT", params: { id }, token: owner.token, body: { ...body, name: "Ocean Frame II", variants: [] } });
    expect(put.status).toBe(200);
    expect(put.json.name).toBe("Ocean Frame II");
    expect(put.json.variants).toHaveLength(0);
    const clash = await call(productRoute.PUT, `/v2/products/${id}`, { method: "PUT", params: { id }, token: owner.token, body: { ...body, sku: "SKU-1" } });
    expect(clash.status).toBe(400);
  });
});
