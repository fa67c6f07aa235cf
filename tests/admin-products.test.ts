/**
 * The portal's product calls (decision 0034, docs/product.md §7 Admin): the role check on every product and
 * homepage call, and the whole body validated with the shared schema (a bad body or a duplicate sku is a
 * 400 that writes nothing), with catalogueChanged(tx) called by every catalogue write. Editing,
 * the list, the active switch and the homepage cap: admin-products-edits.test.ts; the fixture:
 * tests/helpers/admin-products.ts. Real accounts on a private Auth Emulator.
 */
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import type { APIRoute } from "astro";
import { call, type CallOptions } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { changed } from "./helpers/catalogue-changed-spy";
import {
  adminProduct,
  allProducts,
  BODY,
  homeToggle,
  productRoute,
  productsKit,
  productsRoute,
} from "./helpers/admin-products";

// Records each call and still bumps the version (the storefront's caches depend on it).
vi.mock("~/features/catalogue/catalogue-version.server", async (importOriginal) =>
  (await import("./helpers/catalogue-changed-spy")).withChangedSpy(await importOriginal()),
);

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminProducts);

describe.each(dbKinds)("admin products API on %s", (kind) => {
  const k = productsKit(kind, owner, shopper);
  const { post, put, counts } = k;

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
    const [p1] = await k.t.db.select().from(schema.products).where(eq(schema.products.id, "p1"));
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
    const [row] = await k.t.db
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
    const [p2] = await k.t.db.select().from(schema.products).where(eq(schema.products.id, "p2"));
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
    const [p4] = await k.t.db.select().from(schema.products).where(eq(schema.products.id, "p4"));
    expect(p4!.name).toBe("Product 4");
    expect(changed.calls).toHaveLength(0);
  });
});
