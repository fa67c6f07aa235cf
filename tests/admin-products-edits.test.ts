/**
 * The portal's product calls (decision 0034, docs/product.md §7 Admin): a product edited whole,
 * the list filtered, counted and paged on the server, the active switch hiding a product from the
 * storefront, and the homepage listing capped at 8 (a ninth refused, two toggles racing at 7 leave
 * 8), with catalogueChanged(tx) called by every catalogue write. The role check and bad bodies:
 * admin-products.test.ts. Real accounts on a private Auth Emulator.
 */
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { changed } from "./helpers/catalogue-changed-spy";
import {
  allProducts,
  BODY,
  productCounts,
  productsKit,
  productsRoute,
} from "./helpers/admin-products";

// Records each call and still bumps the version (the storefront's caches depend on it).
vi.mock("~/features/catalogue/catalogue-version.server", async (importOriginal) =>
  (await import("./helpers/catalogue-changed-spy")).withChangedSpy(await importOriginal()),
);

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.adminProductsEdits);

describe.each(dbKinds)("admin products API on %s", (kind) => {
  const k = productsKit(kind, owner, shopper);
  const { put, toggle, setStatus } = k;

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
      expect(await countsOf("?q=product%2011")).toEqual({
        count: 1,
        active: 1,
        outOfStock: 0,
        soldOut: 0,
      });
      expect(await countsOf("?category=frames&q=product%203")).toEqual({
        count: 1,
        active: 0,
        outOfStock: 1,
        soldOut: 0,
      });
      expect(await countsOf("?category=nowhere")).toEqual({
        count: 0,
        active: 0,
        outOfStock: 0,
        soldOut: 0,
      });
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
    const publicOne = await import("~/pages/v2/products/[id]");
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
    const listed = (await k.t.db.select().from(schema.homeProducts)).map((r) => r.productId).sort();
    expect(listed).toHaveLength(8);

    changed.calls.length = 0;
    const ninth = await toggle("p9");
    expect(ninth.status).toBe(400);
    expect(ninth.json).toEqual({ error: "max 8 products can be added!", code: "home_limit" });
    expect(
      (await k.t.db.select().from(schema.homeProducts)).map((r) => r.productId).sort(),
    ).toEqual(listed);
    expect(changed.calls).toHaveLength(0);

    expect((await toggle("p0")).text).toBe("removed");
    expect(changed.calls).toHaveLength(1);
    expect(await k.t.db.select().from(schema.homeProducts)).toHaveLength(7);
    expect((await toggle("p9")).text).toBe("added");
    expect((await toggle("nope")).status).toBe(404);
  });
});
