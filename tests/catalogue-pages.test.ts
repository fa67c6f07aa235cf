/**
 * The catalogue's server-rendered reads against a real database: the product list pages, the home
 * page and the product page in the one page-load shape (found / missing / failed), the sitemap
 * and robots.txt, and unknown API addresses.
 */
import { describe, expect, it, vi } from "vitest";
import { dbKinds, failingDb } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";
import { call } from "./helpers/call";
import { ACTIVE, pid, seed, shownListPage } from "./helpers/catalogue";

const sitemapRoute = await import("~/pages/sitemap.xml");
const robotsRoute = await import("~/pages/robots.txt");
const { loadProductListPage } = await import("~/features/catalogue/list-page.server");
const { loadProductPage } = await import("~/features/catalogue/product-page.server");
const { loadHomePage } = await import("~/features/home/home-page.server");

describe.each(dbKinds)("catalogue pages on %s", (kind) => {
  const t = useTestDb(kind, seed);

  describe("product list pages (server part)", () => {
    /** The page as shown (found or missing); fails the test on a failed read. */
    const shown = (pathSlug: string | null, search: string) => shownListPage(t, pathSlug, search);

    it("renders the first 12 products and the total for /products", async () => {
      const page = await shown(null, "");
      expect(page.status).toBe(200);
      expect(page.initial).toHaveLength(12);
      expect(page.total).toBe(ACTIVE);
      expect(page.canonicalPath).toBe("/products");
      // Only collections shown on the site are offered as filter chips...
      expect(page.categories.map((c) => c.label)).toEqual(["Frames", "Luggage Tags"]);
      // ...but a link to a hidden one still filters and shows its chip.
      const hidden = await shown(null, "category=hidden");
      expect(hidden.categories.map((c) => c.label)).toEqual(["Frames", "Hidden", "Luggage Tags"]);
      // Cards carry the list price: base + the first option of each variant group.
      const p1 = await shown(null, "q=anniversary");
      expect(p1.initial).toEqual([
        {
          id: pid(1),
          name: "Resin piece 1",
          image: { url: "/img/p1-a.jpg", alt: "Front" },
          price: 100001 + 0 + 20000,
          comparePrice: 150000,
        },
      ]);
    });

    it("filters by ?category= and by /products/{slug}, with one canonical address", async () => {
      const byQuery = await shown(null, "category=luggage-tags");
      const byPath = await shown("luggage-tags", "");
      expect(byQuery.total).toBe(7);
      expect(byPath.initial).toEqual(byQuery.initial);
      expect(byQuery.canonicalPath).toBe("/products/luggage-tags");
      expect(byPath.canonicalPath).toBe("/products/luggage-tags");
      expect(byPath.pathSlug).toBe("luggage-tags");
      expect(byQuery.pathSlug).toBeNull();
      expect(byPath.title).toContain("Luggage Tags");
    });

    it("a database that fails is a 503 page that says so, not a bare 500 or an empty list", async () => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const cannotOpen = () => Promise.reject(new Error("connection refused"));
        expect(await loadProductListPage(cannotOpen, null, new URLSearchParams())).toEqual({
          state: "failed",
          status: 503,
        });
        const failing = failingDb();
        expect(
          await loadProductListPage(
            () => Promise.resolve(failing),
            "frames",
            new URLSearchParams(),
          ),
        ).toEqual({ state: "failed", status: 503 });
        expect(quiet).toHaveBeenCalledTimes(2);
      } finally {
        quiet.mockRestore();
      }
    });

    it("answers 404 for an unknown collection in the path", async () => {
      const page = await shown("no-such-thing", "");
      expect(page.status).toBe(404);
      expect(page.filters.category).toBeNull();
    });
  });

  describe("home page (server part)", () => {
    it("reads the listed products and the shown collections; a failing database is a 503, read nowhere else", async () => {
      const page = await loadHomePage(() => Promise.resolve(t.db));
      expect(page.state).toBe("found");
      if (page.state !== "found") return;
      expect(page.categories.map((c) => c.slug)).toEqual(
        expect.arrayContaining(["frames", "luggage-tags"]),
      );
      expect(page.categories.map((c) => c.slug)).not.toContain("hidden");
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect(await loadHomePage(() => Promise.reject(new Error("connection refused")))).toEqual({
          state: "failed",
          status: 503,
        });
        expect(quiet).toHaveBeenCalledTimes(1);
      } finally {
        quiet.mockRestore();
      }
    });
  });

  describe("product page (server part)", () => {
    const open = () => Promise.resolve(t.db);

    it("finds an active product; an inactive one only for an administrator", async () => {
      const found = await loadProductPage(open, pid(3), { admin: false });
      expect(found.state === "found" && found.product.name).toBe("Ocean 50% Wave Frame");
      expect(found.status).toBe(200);
      expect(await loadProductPage(open, pid(ACTIVE + 1), { admin: false })).toEqual({
        state: "missing",
        status: 404,
      });
      expect((await loadProductPage(open, pid(ACTIVE + 1), { admin: true })).state).toBe("found");
    });

    it("answers 404 for an absent or malformed id", async () => {
      expect(await loadProductPage(open, "no-such-product", { admin: false })).toEqual({
        state: "missing",
        status: 404,
      });
      expect(await loadProductPage(open, "x".repeat(500), { admin: false })).toEqual({
        state: "missing",
        status: 404,
      });
      expect(await loadProductPage(open, undefined, { admin: false })).toEqual({
        state: "missing",
        status: 404,
      });
    });

    it("a database that fails is 'Failed to load product' (503), not 'Product not found'", async () => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const cannotOpen = () => Promise.reject(new Error("connection refused"));
        expect(await loadProductPage(cannotOpen, pid(3), { admin: false })).toEqual({
          state: "failed",
          status: 503,
        });
        const failing = failingDb();
        expect(
          await loadProductPage(() => Promise.resolve(failing), pid(3), { admin: false }),
        ).toEqual({ state: "failed", status: 503 });
        expect(quiet).toHaveBeenCalledTimes(2);
      } finally {
        quiet.mockRestore();
      }
    });
  });

  describe("sitemap and robots", () => {
    it("lists home, products, each collection shown on the site, each active product and instructions", async () => {
      const res = await call(sitemapRoute.GET, "/sitemap.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("xml");
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname,
      );
      expect(locs).toContain("/");
      expect(locs).toContain("/products");
      expect(locs).toContain("/products/frames");
      expect(locs).toContain("/products/luggage-tags");
      expect(locs).not.toContain("/products/hidden");
      expect(locs).toContain(`/products/product/${pid(1)}`);
      expect(locs).not.toContain(`/products/product/${pid(ACTIVE + 1)}`);
      expect(locs).toContain("/instructions");
      expect(locs.filter((l) => l.startsWith("/products/product/"))).toHaveLength(ACTIVE);
    });

    it("allows crawling except private areas and points at the sitemap", async () => {
      const res = await call(robotsRoute.GET, "/robots.txt");
      expect(res.status).toBe(200);
      for (const line of [
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /checkout",
        "Disallow: /my-",
        "Disallow: /v2/",
        "Disallow: /fragments/",
      ]) {
        expect(res.text).toContain(line);
      }
      expect(res.text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
    });
  });
});

describe("unknown API addresses", () => {
  it("answer a JSON 404 whatever the method", async () => {
    const { ALL } = await import("~/pages/v2/[...rest]");
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call(ALL, "/v2/no-such-thing", { method });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "There is no API at /v2/no-such-thing." });
    }
  });
});
