/**
 * The portal's product calls (decision 0034, docs/product.md §7 Admin): the role check on every product and
 * homepage call, the whole body validated with the shared schema (a bad body or a duplicate sku is a
 * 400 that writes nothing), the homepage listing capped at 8 (a ninth refused, two toggles racing at
 * 7 leave 8), the active switch hiding a product from the storefront, and catalogueChanged(tx)
 * called by every catalogue write. Real accounts on a private Auth Emulator (base port 9421).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/server/db/client";
import type { APIRoute } from "astro";
import { call, type CallOptions } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const changed = vi.hoisted(() => ({ calls: [] as unknown[] }));
// Records each call and still bumps the version (the storefront's caches depend on it).
vi.mock("../src/features/catalogue/catalogue-version.server", async (importOriginal) => {
  const real =
    await importOriginal<typeof import("../src/features/catalogue/catalogue-version.server")>();
  return {
    ...real,
    catalogueChanged: async (tx: Parameters<typeof real.catalogueChanged>[0]) => {
      changed.calls.push(tx);
      return real.catalogueChanged(tx);
    },
  };
});

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminProducts);

const allProducts = await import("../src/pages/v2/admin/allproducts");
const adminProduct = await import("../src/pages/v2/admin/product/[id]");
const productRoute = await import("../src/pages/v2/products/[id]");
const productsRoute = await import("../src/pages/v2/products/index");
const homeToggle = await import("../src/pages/v2/home-products/[id]");
const productCounts = await import("../src/pages/v2/admin/product-counts");

const BODY = {
  name: "Ocean Frame",
  description: "Blue resin waves",
  price: 1499.5,
  comparePrice: 1999,
  costPrice: 600,
  weight: 0.75,
  categoryId: "frames",
  status: "active",
  sku: "OCEAN-1",
  variants: [
    { name: "Size", value: "A4", price: 300 },
    { name: "Finish", value: "Gold", price: 150.25 },
  ],
  attributes: [{ name: "Material", value: "Resin" }],
  tags: ["ocean", "blue"],
  images: [
    { url: "/images/ocean.webp", alt: "Ocean frame", isPrimary: true },
    { url: "/images/products/ocean-side.svg", alt: "Side view", isPrimary: false },
  ],
};

async function seed(t: TestDb) {
  await t.db.insert(schema.users).values([
    { id: owner.uid, email: "owner@example.com", role: "tm_admin" },
    { id: shopper.uid, email: "shopper@example.com" },
  ]);
  await t.db.insert(schema.categories).values({ id: "frames", slug: "frames", name: "Frames" });
  await t.db.insert(schema.products).values(
    Array.from({ length: 12 }, (_, i) => ({
      id: `p${i}`,
      name: `Product ${i}`,
      pricePaise: 10000 + i,
      costPricePaise: 5000,
      sku: `SKU-${i}`,
      categoryId: "frames",
    })),
  );
}

describe.each(dbKinds)("admin products API on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    changed.calls.length = 0;
  });

  const post = (body: unknown, token = owner.token) =>
    call(productsRoute.POST, "/v2/products", { method: "POST", token, body });
  const put = (id: string, body: unknown, token = owner.token) =>
    call(productRoute.PUT, `/v2/products/${id}`, { method: "PUT", params: { id }, token, body });
  const toggle = (id: string, token = owner.token) =>
    call(homeToggle.PATCH, `/v2/home-products/${id}`, { method: "PATCH", params: { id }, token });
  const setStatus = (id: string, status: string, token = owner.token) =>
    call(productRoute.PATCH, `/v2/products/${id}?status=${status}`, {
      method: "PATCH",
      params: { id },
      token,
    });
  const counts = async () => ({
    products: (await t.db.select().from(schema.products)).length,
    variants: (await t.db.select().from(schema.productVariants)).length,
    images: (await t.db.select().from(schema.productImages)).length,
    home: (await t.db.select().from(schema.homeProducts)).length,
  });

  it("answers 401 without a token and 403 to a shopper on every product and homepage call, writing nothing", async () => {
    const before = await counts();
    const calls: (() => [APIRoute | undefined, string, CallOptions])[] = [
      () => [allProducts.GET, "/v2/admin/allproducts?limit=0&offset=0&status=all", {}],
      () => [adminProduct.GET, "/v2/admin/product/p1", { params: { id: "p1" } }],
      () => [
        productsRoute.POST,
        "/v2/products",
        { method: "POST", body: { ...BODY, sku: "AUTH-1" } },
      ],
      () => [
        productRoute.PUT,
        "/v2/products/p1",
        { method: "PUT", params: { id: "p1" }, body: { ...BODY, sku: "AUTH-2" } },
      ],
      () => [
        productRoute.PATCH,
        "/v2/products/p1?status=inactive",
        { method: "PATCH", params: { id: "p1" } },
      ],
      () => [homeToggle.PATCH, "/v2/home-products/p1", { method: "PATCH", params: { id: "p1" } }],
    ];
    for (const make of calls) {
      const [route, url, options] = make();
      expect((await call(route, url, options)).status, url).toBe(401);
      expect((await call(route, url, { ...options, token: shopper.token })).status, url).toBe(403);
    }
    expect(await counts()).toEqual(before);
    const [p1] = await t.db.select().from(schema.products).where(eq(schema.products.id, "p1"));
    expect(p1!.status).toBe("active");
    expect(p1!.name).toBe("Product 1");
    expect(changed.calls).toHaveLength(0);
  });

  it("creates a product from the shared schema (rupees on the wire, paise inside) and tells the catalogue", async () => {
    const created = await post(BODY);
    expect(created.status).toBe(201);
    expect(created.json.price).toBe(1499.5);
    expect(created.json.costPrice).toBe(600);
    expect(created.json.variants.map((v: { price: number }) => v.price)).toEqual([300, 150.25]);
    expect(created.json.images.filter((i: { isPrimary: boolean }) => i.isPrimary)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.sku, "OCEAN-1"));
    expect(row!.pricePaise).toBe(149950);
    expect(row!.weightGrams).toBe(750);
    expect(created.json.processingDays).toBe(20); // left out: the policy's longest window
    expect(changed.calls).toHaveLength(1);
    expect(changed.calls[0]).toBeTruthy();

    const one = await call(adminProduct.GET, `/v2/admin/product/${created.json.id}`, {
      params: { id: created.json.id },
      token: owner.token,
    });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ name: "Ocean Frame", costPrice: 600, onHome: false });
    expect([...one.json.tags].sort()).toEqual(["blue", "ocean"]);
    expect(
      (
        await call(adminProduct.GET, "/v2/admin/product/nope", {
          params: { id: "nope" },
          token: owner.token,
        })
      ).status,
    ).toBe(404);
  });

  it("refuses a duplicate sku on create and on edit with a 400 that says so, writing nothing", async () => {
    const before = await counts();
    const dup = await post({ ...BODY, name: "Another frame" });
    expect(dup.status).toBe(400);
    expect(dup.json.error).toMatch(/sku.*OCEAN-1/);
    const clash = await put("p2", { ...BODY, sku: "SKU-3" });
    expect(clash.status).toBe(400);
    expect(clash.json.error).toMatch(/sku.*SKU-3/);
    expect(await counts()).toEqual(before);
    const [p2] = await t.db.select().from(schema.products).where(eq(schema.products.id, "p2"));
    expect(p2!.sku).toBe("SKU-2");
    expect(changed.calls).toHaveLength(0);
  });

  it("answers 400 naming the field for every bad body, and writes nothing", async () => {
    const before = await counts();
    const bad: [string, unknown, RegExp][] = [
      ["price with 3 decimals", { ...BODY, sku: "B1", price: 10.005 }, /price/],
      ["negative cost", { ...BODY, sku: "B2", costPrice: -1 }, /costPrice/],
      ["no image", { ...BODY, sku: "B3", images: [] }, /Please Upload an Image/],
      [
        "two primary images",
        { ...BODY, sku: "B4", images: BODY.images.map((i) => ({ ...i, isPrimary: true })) },
        /primary/,
      ],
      [
        "a foreign image",
        {
          ...BODY,
          sku: "B5",
          images: [{ url: "https://evil.example/x.png", alt: "", isPrimary: true }],
        },
        /images/,
      ],
      [
        "a made-up upload",
        {
          ...BODY,
          sku: "B5b",
          images: [
            { url: "/media/0123456789abcdef0123456789abcdef/640.webp", alt: "", isPrimary: true },
          ],
        },
        /not an image uploaded to this shop/,
      ],
      [
        "repeated tags",
        { ...BODY, sku: "B6", tags: ["Ocean", "ocean"] },
        /tags: Tags must not repeat/,
      ],
      ["a blank tag", { ...BODY, sku: "B7", tags: ["  "] }, /tags\.0: Tags must not be blank/],
      ["weight below 1 g", { ...BODY, sku: "B8", weight: 0.0005 }, /0\.001/],
      ["blank name", { ...BODY, sku: "B9", name: "   " }, /name: Name is required/],
      [
        "a variant without a value",
        { ...BODY, sku: "B10", variants: [{ name: "Size", value: "", price: 0 }] },
        /variants\.0\.value: Variant value is required/,
      ],
      [
        "an attribute without a name",
        { ...BODY, sku: "B11", attributes: [{ name: "", value: "Resin" }] },
        /attributes\.0\.name: Attribute name is required/,
      ],
      ["an unknown category", { ...BODY, sku: "B12", categoryId: "nope" }, /categoryId/],
      ["a bad status", { ...BODY, sku: "B13", status: "draft" }, /status/],
      ["no sku", { ...BODY, sku: "" }, /sku: SKU is required/],
      [
        "no processing days",
        { ...BODY, sku: "B14", processingDays: 0 },
        /processingDays: Processing days must be 1 or more/,
      ],
      [
        "half a processing day",
        { ...BODY, sku: "B15", processingDays: 1.5 },
        /processingDays: Processing days must be a whole number of days/,
      ],
      ["not an object", [1, 2], /.+/],
    ];
    for (const [what, body, message] of bad) {
      const answer = await post(body);
      expect(answer.status, what).toBe(400);
      expect(answer.json.error, what).toMatch(message);
      const edit = await put("p4", body);
      expect(edit.status, `edit: ${what}`).toBe(400);
    }
    const text = await call(productsRoute.POST, "/v2/products", {
      method: "POST",
      token: owner.token,
      rawBody: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(400);
    expect(await counts()).toEqual(before);
    const [p4] = await t.db.select().from(schema.products).where(eq(schema.products.id, "p4"));
    expect(p4!.name).toBe("Product 4");
    expect(changed.calls).toHaveLength(0);
  });

  it("edits a product whole (children replaced) and answers 404 for an absent one", async () => {
    const edited = await put("p5", {
      ...BODY,
      sku: "SKU-5",
      name: "Renamed",
      variants: [{ name: "Size", value: "A3", price: 450 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: "p5", name: "Renamed", price: 1499.5 });
    expect(edited.json.variants).toHaveLength(1);
    expect(changed.calls).toHaveLength(1);
    expect(
      (await put("p5", { ...BODY, sku: "SKU-5", processingDays: 12 })).json.processingDays,
    ).toBe(12);
    expect((await put("p5", { ...BODY, sku: "SKU-5" })).json.processingDays).toBe(12); // left out: kept
    expect((await put("nope", { ...BODY, sku: "NEW-9" })).status).toBe(404);
  });

  it("filters, counts and pages the list on the server (search, category, status)", async () => {
    const ids = async (query: string) => {
      const res = await call(allProducts.GET, `/v2/admin/allproducts${query}`, {
        token: owner.token,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json as { id: string }[]).map((p) => p.id);
    };
    const countsOf = async (query = "") =>
      (await call(productCounts.GET, `/v2/admin/product-counts${query}`, { token: owner.token }))
        .json;
    await setStatus("p3", "inactive");
    try {
      const all = await countsOf();
      expect(all.count).toBe(all.active + all.outOfStock);
      expect(all.outOfStock).toBeGreaterThanOrEqual(1);
      expect(await countsOf("?q=product%2011")).toEqual({ count: 1, active: 1, outOfStock: 0 });
      expect(await countsOf("?category=frames&q=product%203")).toEqual({
        count: 1,
        active: 0,
        outOfStock: 1,
      });
      expect(await countsOf("?category=nowhere")).toEqual({ count: 0, active: 0, outOfStock: 0 });
      expect(await ids("?limit=50&offset=0&status=inactive&q=product")).toEqual(["p3"]);
      expect(await ids("?limit=0&offset=0&status=all&q=PRODUCT%2011")).toEqual(["p11"]);
      // Pages of 5 walk every product of the category once, as many as the count says.
      const frames = await countsOf("?category=frames");
      const walked: string[] = [];
      for (let offset = 0; offset < frames.count; offset += 5)
        walked.push(...(await ids(`?limit=5&offset=${offset}&status=all&category=frames`)));
      expect(walked).toHaveLength(frames.count);
      expect(new Set(walked).size).toBe(frames.count);
      const bad = await call(allProducts.GET, `/v2/admin/allproducts?q=${"x".repeat(300)}`, {
        token: owner.token,
      });
      expect(bad.status).toBe(400);
      expect(
        (await call(productCounts.GET, "/v2/admin/product-counts", { token: shopper.token }))
          .status,
      ).toBe(403);
    } finally {
      await setStatus("p3", "active");
    }
  });

  it("switches a product inactive, which hides it from the storefront, and back", async () => {
    const publicOne = await import("../src/pages/v2/products/[id]");
    const off = await setStatus("p6", "inactive");
    expect(off.status).toBe(200);
    expect(off.json.status).toBe("inactive");
    expect(changed.calls).toHaveLength(1);
    expect((await call(publicOne.GET, "/v2/products/p6", { params: { id: "p6" } })).status).toBe(
      404,
    );
    const list = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
    expect(list.json.map((p: { id: string }) => p.id)).not.toContain("p6");
    const admin = await call(allProducts.GET, "/v2/admin/allproducts?limit=0&offset=0&status=all", {
      token: owner.token,
    });
    expect(admin.json.find((p: { id: string }) => p.id === "p6")).toMatchObject({
      status: "inactive",
      costPrice: 50,
      onHome: false,
    });
    expect((await setStatus("p6", "draft")).status).toBe(400);
    expect((await setStatus("nope", "active")).status).toBe(404);
    expect((await setStatus("p6", "active")).json.status).toBe("active");
    expect((await call(publicOne.GET, "/v2/products/p6", { params: { id: "p6" } })).status).toBe(
      200,
    );
  });

  it("caps the homepage listing at 8: two toggles racing at 7 leave 8, and a ninth is refused writing nothing", async () => {
    for (let i = 0; i < 7; i++) expect((await toggle(`p${i}`)).text).toBe("added");
    const raced = await Promise.all([toggle("p7"), toggle("p8")]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(raced.find((r) => r.status === 400)!.json).toEqual({
      error: "max 8 products can be added!",
      code: "home_limit",
    });
    const listed = (await t.db.select().from(schema.homeProducts)).map((r) => r.productId).sort();
    expect(listed).toHaveLength(8);

    changed.calls.length = 0;
    const ninth = await toggle("p9");
    expect(ninth.status).toBe(400);
    expect(ninth.json).toEqual({ error: "max 8 products can be added!", code: "home_limit" });
    expect((await t.db.select().from(schema.homeProducts)).map((r) => r.productId).sort()).toEqual(
      listed,
    );
    expect(changed.calls).toHaveLength(0);

    expect((await toggle("p0")).text).toBe("removed");
    expect(changed.calls).toHaveLength(1);
    expect(await t.db.select().from(schema.homeProducts)).toHaveLength(7);
    expect((await toggle("p9")).text).toBe("added");
    expect((await toggle("nope")).status).toBe(404);
  });
});
