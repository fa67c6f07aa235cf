/**
 * The catalogue served from memory (docs/decisions/0040-catalogue-cache.md): answers carry an ETag
 * and answer 304 when unchanged; they are compressed as the client allows; a write is seen by the
 * next read in the same process at once (a second app server: catalogue-two-servers.test.ts).
 * Prices in the cart still come from the database.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { makeProduct } from "../src/server/seed/factories";
import {
  setProductStatus,
  toggleHomeProduct,
} from "../src/features/admin/products/products-admin.server";
import { loadProductPage } from "../src/features/catalogue/product-page.server";
import { loadProductListPage } from "../src/features/catalogue/list-page.server";
import { loadHomePage } from "../src/features/home/home-page.server";
import {
  catalogueChanged,
  catalogueVersionForPage,
  readCatalogueVersion,
} from "../src/features/catalogue/catalogue-version.server";
import { loadPricingProducts } from "../src/features/catalogue/pricing.server";
import { schema } from "../src/server/db/client";
import { listProducts } from "../src/features/catalogue/catalogue.server";
import {
  cachePages,
  forgetPages,
  pagesRecompressed,
} from "../src/features/catalogue/page-cache.server";
import { fastLane } from "../src/features/catalogue/fast-lane.server";
import { answerToResponse } from "../src/server/encoded-body.server";
import type { AuditActor } from "../src/features/audit/audit.server";

/** The owner the direct writes below are audited as. */
const TEST_ACTOR: AuditActor = { uid: "test-owner", email: null, address: null };

const productsRoute = await import("../src/pages/v2/products/index");
const productRoute = await import("../src/pages/v2/products/[id]");
const homeRoute = await import("../src/pages/v2/home-products");
const categoriesRoute = await import("../src/pages/v2/categories");

type Route = NonNullable<typeof productsRoute.GET>;

/** Calls a route export like the server would, keeping the raw bytes (compressed answers). */
async function get(
  route: Route | undefined,
  url: string,
  headers: Record<string, string> = {},
  params: Record<string, string> = {},
) {
  const full = new URL(url, "http://127.0.0.1:4321");
  const context = {
    request: new Request(full, { headers }),
    url: full,
    params,
    clientAddress: "127.0.0.1",
    locals: {},
  };
  const response = await route!(context as never);
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe.each(dbKinds)("catalogue from memory on %s", (kind) => {
  let t: TestDb;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestDb(kind);
    for (let i = 0; i < 12; i++)
      ids.push(
        (await makeProduct(t.db, { description: "Long enough to compress. ".repeat(8) })).id,
      );
  });
  afterAll(async () => {
    await t.close();
  });

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
    const added = await makeProduct(t.db);
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
    expect((await loadProductPage(async () => t.db, id, { admin: false })).state).toBe("found");
    const list = await loadProductListPage(async () => t.db, null, new URLSearchParams());
    expect(list.state === "found" && list.total).toBeGreaterThan(0);
    const totalBefore = list.state === "found" ? list.total : 0;

    await setProductStatus(t.db, TEST_ACTOR, id, "inactive");

    expect((await get(productRoute.GET, `/v2/products/${id}`, {}, { id })).status).toBe(404);
    const all = await get(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
    expect(JSON.parse(all.bytes.toString()).map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await loadProductPage(async () => t.db, id, { admin: false })).state).toBe("missing");
    const listAfter = await loadProductListPage(async () => t.db, null, new URLSearchParams());
    expect(listAfter.state === "found" && listAfter.total).toBe(totalBefore - 1);

    const home = await get(homeRoute.GET, "/v2/home-products");
    expect(JSON.parse(home.bytes.toString())).toEqual([]);
    const homePage = await loadHomePage(async () => t.db);
    expect(homePage.state === "found" && homePage.products).toEqual([]);
    await toggleHomeProduct(t.db, TEST_ACTOR, ids[2]!);
    const homeAfter = await get(homeRoute.GET, "/v2/home-products");
    expect(JSON.parse(homeAfter.bytes.toString()).map((p: { id: string }) => p.id)).toEqual([
      ids[2],
    ]);
    const homePageAfter = await loadHomePage(async () => t.db);
    expect(homePageAfter.state === "found" && homePageAfter.products.map((p) => p.id)).toEqual([
      ids[2],
    ]);
  });

  it("a write that rolls back changes nothing, and the version moves only with a commit", async () => {
    const before = await readCatalogueVersion(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(schema.products).set({ name: "Never saved" }).where(sql`id = ${ids[3]!}`);
        await catalogueChanged(tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await readCatalogueVersion(t.db)).toBe(before);
    const one = await get(productRoute.GET, `/v2/products/${ids[3]}`, {}, { id: ids[3]! });
    expect(JSON.parse(one.bytes.toString()).name).not.toBe("Never saved");
    expect(await catalogueVersionForPage(async () => t.db)).toBe(String(before));
  });

  it("prices for the cart come from the database, not from the storefront's memory", async () => {
    const id = ids[4]!;
    const cached = JSON.parse(
      (await get(productRoute.GET, `/v2/products/${id}`, {}, { id })).bytes.toString(),
    );
    expect(cached.price).toBe(499);
    // A write that skips catalogueChanged (never done by the shop) shows the pricing path reads the database.
    await t.db.update(schema.products).set({ pricePaise: 12345 }).where(sql`id = ${id}`);
    const priced = await loadPricingProducts(t.db, [id]);
    expect(priced.get(id)?.pricePaise).toBe(12345);
  });

  it("storefront pages are rendered once per catalogue version for visitors without a session", async () => {
    forgetPages();
    let renders = 0;
    const render =
      (init: ResponseInit = {}) =>
      async () => {
        renders++;
        const html = `<!doctype html><p>${"render ".repeat(300)}${renders}</p>`;
        return new Response(html, {
          status: 200,
          ...init,
          headers: { "content-type": "text/html", ...(init.headers as Record<string, string>) },
        });
      };
    const visit = (
      path: string,
      cookies: string[] = [],
      headers: Record<string, string> = {},
      next = render(),
    ) => {
      const url = new URL(path, "http://127.0.0.1:4321");
      const context = {
        request: new Request(url, { headers }),
        url,
        locals: {},
        cookies: { has: (name: string) => cookies.includes(name) },
      };
      return cachePages(context as never, next);
    };
    const first = await (await visit("/products?q=frame")).text();
    expect(await (await visit("/products?q=frame")).text()).toBe(first);
    expect(renders).toBe(1);
    const again = await visit("/products?q=frame", [], {
      "if-none-match": (await visit("/products?q=frame")).headers.get("etag")!,
    });
    expect(again.status).toBe(304);
    expect(renders).toBe(1);
    const br = await visit("/products?q=frame", [], { "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(first);

    // Then a kept page's brotli copy is made again at the best setting, in the background: smaller,
    // the same page, the same ETag.
    const listing = `<!doctype html><ul>${Array.from({ length: 400 }, (_, i) => `<li class="card-${i % 7}">Resin piece ${(i * 7919) % 1000}, ₹${(i * 104729) % 5000}</li>`).join("")}</ul>`;
    const html = async () => new Response(listing, { headers: { "content-type": "text/html" } });
    const early = await visit("/products/frames", [], { "accept-encoding": "br" }, html);
    const earlyBytes = Buffer.from(await early.arrayBuffer());
    await pagesRecompressed();
    const best = await visit("/products/frames", [], { "accept-encoding": "br" }, html);
    const bestBytes = Buffer.from(await best.arrayBuffer());
    expect(bestBytes.length).toBeLessThan(earlyBytes.length);
    expect(brotliDecompressSync(bestBytes).toString()).toBe(listing);
    expect(best.headers.get("etag")).toBe(early.headers.get("etag"));
    // A search (an address with a query string) keeps its fast copy.
    const search = Buffer.from(
      await (await visit("/products?q=resin", [], { "accept-encoding": "br" }, html)).arrayBuffer(),
    );
    expect(search.length).toBe(earlyBytes.length);
    await pagesRecompressed();
    expect(
      Buffer.from(
        await (
          await visit("/products?q=resin", [], { "accept-encoding": "br" }, html)
        ).arrayBuffer(),
      ).length,
    ).toBe(search.length);
    expect(renders).toBe(1);

    await makeProduct(t.db); // a catalogue write: the next visit renders again
    expect(await (await visit("/products?q=frame")).text()).not.toBe(first);
    expect(renders).toBe(2);

    // A session cookie, another address, a failed render or a cookie being set: never kept.
    await visit("/products?q=frame", ["token"]);
    await visit("/products?q=frame", ["user"]);
    expect(renders).toBe(4);
    await visit("/checkout");
    await visit("/checkout");
    expect(renders).toBe(6);
    await visit("/products/product/x", [], {}, render({ status: 503 }));
    await visit("/products/product/x");
    expect(renders).toBe(8);
    await visit("/instructions", [], {}, render({ headers: { "set-cookie": "a=b" } }));
    await visit("/instructions");
    expect(renders).toBe(10);
    forgetPages();
  });

  it("the fast lane answers what the handlers answer, with the same headers, and leaves the rest to them", async () => {
    forgetPages();
    const lane = async (path: string, init: RequestInit = {}) => {
      const answer = await fastLane(new Request(new URL(path, "http://127.0.0.1:4321"), init));
      return answer && answerToResponse(answer);
    };
    const cases: [Route | undefined, string, Record<string, string>][] = [
      [productsRoute.GET, "/v2/products?limit=0&offset=0&status=active", {}],
      [productsRoute.GET, "/v2/products?limit=2&offset=1", {}],
      [productRoute.GET, `/v2/products/${ids[5]}`, { id: ids[5]! }],
      [homeRoute.GET, "/v2/home-products", {}],
      [categoriesRoute.GET, "/v2/categories", {}],
    ];
    for (const [route, path, params] of cases) {
      const normal = await get(route, path, { "accept-encoding": "br" }, params);
      const fast = (await lane(path, { headers: { "accept-encoding": "br" } }))!;
      expect(fast, path).not.toBeNull();
      expect(fast.status).toBe(200);
      expect(Buffer.from(await fast.arrayBuffer()).equals(normal.bytes), path).toBe(true);
      for (const name of ["etag", "cache-control", "vary", "content-encoding", "content-type"])
        expect(fast.headers.get(name), name).toBe(normal.headers.get(name));
      expect(fast.headers.get("x-content-type-options")).toBe("nosniff");
      expect(fast.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(
        (await lane(path, { headers: { "if-none-match": normal.headers.get("etag")! } }))!.status,
      ).toBe(304);
    }
    // Left to the normal path: a token, other methods, the admin's list, bad input, absent products, NUL.
    expect(await lane("/v2/products", { headers: { authorization: "Bearer x" } })).toBeNull();
    expect(await lane("/v2/products", { method: "POST" })).toBeNull();
    expect(await lane("/v2/products?status=all")).toBeNull();
    expect(await lane("/v2/products?limit=abc")).toBeNull();
    expect(await lane("/v2/products/no-such-product")).toBeNull();
    expect(await lane("/v2/products/%00")).toBeNull();
    expect(await lane("/v2/carts")).toBeNull();
    // Pages: only once kept, only without a session cookie.
    expect(await lane("/instructions")).toBeNull();
    const html = `<!doctype html>${"<p>Instructions</p>".repeat(100)}`;
    const context = (url: URL) => ({
      request: new Request(url),
      url,
      locals: {},
      cookies: { has: () => false },
    });
    await cachePages(
      context(new URL("http://127.0.0.1:4321/instructions")) as never,
      async () => new Response(html, { headers: { "content-type": "text/html" } }),
    );
    const page = (await lane("/instructions"))!;
    expect(await page.text()).toBe(html);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(
      await lane("/instructions", { headers: { cookie: "theme=dark; token=abc" } }),
    ).toBeNull();
    // A write is seen by the lane at once.
    await setProductStatus(t.db, TEST_ACTOR, ids[5]!, "inactive");
    expect(await lane(`/v2/products/${ids[5]}`)).toBeNull();
    const list = JSON.parse(
      await (await lane("/v2/products?limit=0&offset=0&status=active"))!.text(),
    ) as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(ids[5]);
    expect(await lane("/instructions")).toBeNull(); // rendered again by the normal path
    forgetPages();
  });

  it("a search on the list page finds what the database's search finds (in memory, same rule)", async () => {
    await makeProduct(t.db, { name: "Ocean 50% Wave Frame", description: "Blue" });
    await makeProduct(t.db, {
      name: "Quiet piece",
      description: "A keepsake for travellers",
      tags: ["wanderlust"],
    });
    await makeProduct(t.db, { name: "Ends with ocean", description: "wave starts here" });
    for (const q of [
      "ocean",
      "50%",
      "0% w",
      "TRAVELLERS",
      "wanderlust",
      "test category",
      "ocean wave",
      "Test Product",
      "no such words",
    ]) {
      const page = await loadProductListPage(async () => t.db, null, new URLSearchParams({ q }));
      const sqlIds = (
        await listProducts(t.db, { limit: 12, offset: 0, status: "active", q, includeCost: false })
      ).map((p) => p.id);
      expect(page.state, q).toBe("found");
      if (page.state !== "found") continue;
      expect(
        page.initial.map((p) => p.id),
        q,
      ).toEqual(sqlIds);
      expect(page.total, q).toBe(
        (await listProducts(t.db, { limit: 0, offset: 0, status: "active", q, includeCost: false }))
          .length,
      );
    }
  });

  it("the page's catalogue-version is the database's version", async () => {
    const version = await readCatalogueVersion(t.db);
    expect(version).toBeGreaterThan(0);
    await makeProduct(t.db);
    expect(await catalogueVersionForPage(async () => t.db)).toBe(String(version + 2)); // category + product
    expect(await catalogueVersionForPage(async () => Promise.reject(new Error("down")))).toBeNull();
  });
});
