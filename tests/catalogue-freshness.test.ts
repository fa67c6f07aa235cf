/**
 * The catalogue served from memory (docs/decisions/0040-catalogue-cache.md): answers carry an ETag
 * and answer 304 when unchanged; they are compressed as the client allows; a write is seen by the
 * next read in the same process at once (a second app server: catalogue-two-servers.test.ts).
 * Prices in the cart still come from the database. The page cache, the fast lane, search and the
 * page's version: catalogue-freshness-pages.test.ts; the fixture: tests/helpers/catalogue-freshness.ts.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeProduct } from "~/server/seed/factories";
import {
  setProductStatus,
  toggleHomeProduct,
} from "~/features/admin/products/products-admin.server";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import { loadProductListPage } from "~/features/catalogue/list-page.server";
import { loadHomePage } from "~/features/home/home-page.server";
import {
  catalogueChanged,
  catalogueVersionForPage,
  readCatalogueVersion,
} from "~/features/catalogue/catalogue-version.server";
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import { schema } from "~/server/db/client";
import { dbKinds } from "./helpers/db";
import {
  catalogueKit,
  categoriesRoute,
  get,
  homeRoute,
  productRoute,
  productsRoute,
  TEST_ACTOR,
  type Route,
} from "./helpers/catalogue-freshness";

describe.each(dbKinds)("catalogue from memory on %s", (kind) => {
  const k = catalogueKit(kind);
  const { ids } = k;

  it("every catalogue answer carries an ETag and answers 304 to If-None-Match while unchanged", async () => {
    const cases: [Route | undefined, string, Record<string, string>][] = [
      [productsRoute.GET, "/v2/products?limit=0&offset=0&status=active", {}],
      [productRoute.GET, `/v2/products/${ids[0]}`, { id: ids[0]! }],
      [homeRoute.GET, "/v2/home-products", {}],
      [categoriesRoute.GET, "/v2/categories", {}],
    ];
    for (const [route, url, params] of cases) {
      const first = await get(route, url, {}, params);
      expect(first.status, url).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get("cache-control")).toBe("public, no-cache");
      const again = await get(route, url, { "if-none-match": etag! }, params);
      expect(again.status, url).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get("etag")).toBe(etag);
      const other = await get(route, url, { "if-none-match": 'W/"something-else"' }, params);
      expect(other.status, url).toBe(200);
    }
  });

  it("a change makes a new ETag, so the old one gets the new answer", async () => {
    const url = `/v2/products?limit=0&offset=0&status=active`;
    const before = await get(productsRoute.GET, url);
    const added = await makeProduct(k.t.db);
    ids.push(added.id);
    const after = await get(productsRoute.GET, url, {
      "if-none-match": before.headers.get("etag")!,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(JSON.parse(after.bytes.toString()).map((p: { id: string }) => p.id)).toContain(added.id);
  });

  it("negotiates brotli, gzip or identity from Accept-Encoding, with Vary: Accept-Encoding", async () => {
    const url = "/v2/products?limit=0&offset=0&status=active";
    const plain = await get(productsRoute.GET, url);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const br = await get(productsRoute.GET, url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    const gz = await get(productsRoute.GET, url, { "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);
    const none = await get(productsRoute.GET, url, { "accept-encoding": "identity" });
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(none.bytes.equals(plain.bytes)).toBe(true);
    for (const answer of [plain, br, gz]) {
      expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(Number(answer.headers.get("content-length"))).toBe(answer.bytes.length);
    }
    // A tiny answer is sent as it is.
    const tiny = await get(
      productsRoute.GET,
      "/v2/products?limit=1&offset=0&q=no-such-thing-anywhere",
      { "accept-encoding": "br" },
    );
    expect(tiny.bytes.toString()).toBe("[]");
    expect(tiny.headers.get("content-encoding")).toBeNull();
  });

  it("a write is read back at once in the same process: API, product page, list page, home page", async () => {
    const id = ids[1]!;
    expect((await get(productRoute.GET, `/v2/products/${id}`, {}, { id })).status).toBe(200);
    expect((await loadProductPage(async () => k.t.db, id, { admin: false })).state).toBe("found");
    const list = await loadProductListPage(async () => k.t.db, null, new URLSearchParams());
    expect(list.state === "found" && list.total).toBeGreaterThan(0);
    const totalBefore = list.state === "found" ? list.total : 0;

    await setProductStatus(k.t.db, TEST_ACTOR, id, "inactive");

    expect((await get(productRoute.GET, `/v2/products/${id}`, {}, { id })).status).toBe(404);
    const all = await get(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
    expect(JSON.parse(all.bytes.toString()).map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await loadProductPage(async () => k.t.db, id, { admin: false })).state).toBe("missing");
    const listAfter = await loadProductListPage(async () => k.t.db, null, new URLSearchParams());
    expect(listAfter.state === "found" && listAfter.total).toBe(totalBefore - 1);

    const home = await get(homeRoute.GET, "/v2/home-products");
    expect(JSON.parse(home.bytes.toString())).toEqual([]);
    const homePage = await loadHomePage(async () => k.t.db);
    expect(homePage.state === "found" && homePage.products).toEqual([]);
    await toggleHomeProduct(k.t.db, TEST_ACTOR, ids[2]!);
    const homeAfter = await get(homeRoute.GET, "/v2/home-products");
    expect(JSON.parse(homeAfter.bytes.toString()).map((p: { id: string }) => p.id)).toEqual([
      ids[2],
    ]);
    const homePageAfter = await loadHomePage(async () => k.t.db);
    expect(homePageAfter.state === "found" && homePageAfter.products.map((p) => p.id)).toEqual([
      ids[2],
    ]);
  });

  it("a write that rolls back changes nothing, and the version moves only with a commit", async () => {
    const before = await readCatalogueVersion(k.t.db);
    await expect(
      k.t.db.transaction(async (tx) => {
        await tx.update(schema.products).set({ name: "Never saved" }).where(sql`id = ${ids[3]!}`);
        await catalogueChanged(tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await readCatalogueVersion(k.t.db)).toBe(before);
    const one = await get(productRoute.GET, `/v2/products/${ids[3]}`, {}, { id: ids[3]! });
    expect(JSON.parse(one.bytes.toString()).name).not.toBe("Never saved");
    expect(await catalogueVersionForPage(async () => k.t.db)).toBe(String(before));
  });

  it("prices for the cart come from the database, not from the storefront's memory", async () => {
    const id = ids[4]!;
    const cached = JSON.parse(
      (await get(productRoute.GET, `/v2/products/${id}`, {}, { id })).bytes.toString(),
    );
    expect(cached.price).toBe(499);
    // A write that skips catalogueChanged (never done by the shop) shows the pricing path reads the database.
    await k.t.db.update(schema.products).set({ pricePaise: 12345 }).where(sql`id = ${id}`);
    const priced = await loadPricingProducts(k.t.db, [id]);
    expect(priced.get(id)?.pricePaise).toBe(12345);
  });
});
