/**
 * The catalogue served from memory (docs/decisions/0040-catalogue-cache.md), its pages: storefront
 * pages rendered once per catalogue version, the fast lane answering what the handlers answer, a
 * list-page search finding what the database finds, and the page's catalogue version. ETags,
 * compression and reads after writes: catalogue-freshness.test.ts.
 */
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makeProduct } from "~/server/seed/factories";
import { setProductStatus } from "~/features/admin/products/products-admin.server";
import { loadProductListPage } from "~/features/catalogue/list-page.server";
import {
  catalogueVersionForPage,
  readCatalogueVersion,
} from "~/features/catalogue/catalogue-version.server";
import { listProducts } from "~/features/catalogue/catalogue.server";
import { searchActiveProducts } from "~/features/catalogue/search-index.server";
import { cachePages, forgetPages, pagesRecompressed } from "~/features/catalogue/page-cache.server";
import { fastLane } from "~/features/catalogue/fast-lane.server";
import { answerToResponse } from "~/server/encoded-body.server";
import { dbKinds } from "./helpers/db";
import { catalogueKit, get, routes, TEST_ACTOR, type Route } from "./helpers/catalogue-freshness";

describe.each(dbKinds)("catalogue from memory on %s", (kind) => {
  const k = catalogueKit(kind);
  const { ids } = k;

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

    await makeProduct(k.t.db); // a catalogue write: the next visit renders again
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
      [routes.products.GET, "/v2/products?limit=0&offset=0&status=active", {}],
      [routes.products.GET, "/v2/products?limit=2&offset=1", {}],
      [routes.product.GET, `/v2/products/${ids[5]}`, { id: ids[5]! }],
      [routes.home.GET, "/v2/home-products", {}],
      [routes.categories.GET, "/v2/categories", {}],
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
    await setProductStatus(k.t.db, TEST_ACTOR, ids[5]!, "inactive");
    expect(await lane(`/v2/products/${ids[5]}`)).toBeNull();
    const list = JSON.parse(
      await (await lane("/v2/products?limit=0&offset=0&status=active"))!.text(),
    ) as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(ids[5]);
    expect(await lane("/instructions")).toBeNull(); // rendered again by the normal path
    forgetPages();
  });

  it("a search on the list page finds what the database's search finds (in memory, same rule)", async () => {
    await makeProduct(k.t.db, { name: "Ocean 50% Wave Frame", description: "Blue" });
    await makeProduct(k.t.db, {
      name: "Quiet piece",
      description: "A keepsake for travellers",
      tags: ["wanderlust"],
    });
    await makeProduct(k.t.db, { name: "Ends with ocean", description: "wave starts here" });
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
      const page = await loadProductListPage(async () => k.t.db, null, new URLSearchParams({ q }));
      const sqlIds = (
        await listProducts(k.t.db, {
          limit: 12,
          offset: 0,
          status: "active",
          q,
          includeCost: false,
        })
      ).map((p) => p.id);
      expect(page.state, q).toBe("found");
      if (page.state !== "found") continue;
      if (sqlIds.length === 0) {
        // The exact search finds nothing: the page forgives typos by the in-memory rule
        // (docs/decisions/0198-search-typo-tolerance.md), which the database's search does not.
        const typo = (await searchActiveProducts(k.t.db, q)).matches.map((m) => m.id);
        expect(page.initial.map((p) => p.id).sort(), q).toEqual(typo.slice(0, 12).sort());
        continue;
      }
      expect(
        page.initial.map((p) => p.id),
        q,
      ).toEqual(sqlIds);
      expect(page.total, q).toBe(
        (
          await listProducts(k.t.db, {
            limit: 0,
            offset: 0,
            status: "active",
            q,
            includeCost: false,
          })
        ).length,
      );
    }
  });

  it("the page's catalogue-version is the database's version", async () => {
    const version = await readCatalogueVersion(k.t.db);
    expect(version).toBeGreaterThan(0);
    await makeProduct(k.t.db);
    expect(await catalogueVersionForPage(async () => k.t.db)).toBe(String(version + 2)); // category + product
    expect(await catalogueVersionForPage(async () => Promise.reject(new Error("down")))).toBeNull();
  });
});
