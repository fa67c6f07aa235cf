/**
 * The catalogue API (docs/product.md §7 "Catalogue and home") against a real database: the route exports
 * are called as the server would call them. GET /v2/products here; one product, the homepage list,
 * the categories, the cost price kept private and the query count: catalogue-details.test.ts. The
 * pages' server reads: catalogue-pages.test.ts.
 */
import { describe, expect, it } from "vitest";
import { dbKinds } from "./helpers/db";
import { call } from "./helpers/call";
import { ACTIVE, day, pid, rowCounts, useCatalogueDb } from "./helpers/catalogue";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

// Callers are real accounts on a private Auth Emulator, their tokens checked by the real auth
// module; the admin's role comes from its users row, as in production.
const EMULATOR_PORT = EMULATOR_PORTS.catalogue;
const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);

const productsRoute = await import("~/pages/v2/products/index");

describe.each(dbKinds)("catalogue API on %s", (kind) => {
  const t = useCatalogueDb(kind, owner, shopper);

  describe("GET /v2/products", () => {
    it("lists every active product, newest first, as the spec's Product shape with amounts in rupees", async () => {
      const res = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      const list = res.json as any[];
      expect(list).toHaveLength(ACTIVE);
      expect(list.map((p) => p.id)).toEqual(
        Array.from({ length: ACTIVE }, (_, i) => pid(ACTIVE - i)),
      );
      const p1 = list.find((p) => p.id === pid(1));
      expect(p1).toMatchObject({
        name: "Resin piece 1",
        price: 1000.01,
        comparePrice: 1500,
        currency: "INR",
        category: { id: "Frames", name: "Frames", slug: "frames" },
        weight: 1.25,
        status: "active",
        sku: "SKU-1",
        sale: false,
        createdAt: day(1).toISOString(),
      });
      expect(p1.images.map((i: any) => i.id)).toEqual(["img-1", "img-2"]);
      expect(p1.images[0]).toEqual({
        id: "img-1",
        url: "/img/p1-a.jpg",
        alt: "Front",
        isPrimary: true,
      });
      expect(p1.variants).toEqual([
        { id: "v-size-a4", name: "Size", value: "A4", price: 0, images: [] },
        { id: "v-size-a3", name: "Size", value: "A3", price: 500, images: [] },
        {
          id: "v-finish-gold",
          name: "Finish",
          value: "Gold",
          price: 200,
          images: ["/img/gold.jpg"],
        },
      ]);
      expect(p1.attributes).toEqual([
        { name: "Material", value: "Epoxy resin" },
        { name: "Thickness", value: "1 cm" },
      ]);
      expect(p1.tags.sort()).toEqual(["anniversary", "gift"]);
      // A category without a name is labelled by its id.
      expect(list.find((p) => p.id === pid(2)).category).toEqual({
        id: "Luggage Tags",
        name: "Luggage Tags",
        slug: "luggage-tags",
      });
      expect(list.find((p) => p.id === pid(3))).toMatchObject({
        images: [],
        variants: [],
        tags: [],
        attributes: [],
      });
    });

    it("defaults to all active products without a query", async () => {
      const res = await call(productsRoute.GET, "/v2/products");
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(ACTIVE);
    });

    it("pages with limit and offset", async () => {
      const first = await call(productsRoute.GET, "/v2/products?limit=12&offset=0&status=active");
      const second = await call(productsRoute.GET, "/v2/products?limit=12&offset=12&status=active");
      const past = await call(productsRoute.GET, "/v2/products?limit=12&offset=40");
      expect(first.json.map((p: any) => p.id)).toEqual(
        Array.from({ length: 12 }, (_, i) => pid(ACTIVE - i)),
      );
      expect(second.json.map((p: any) => p.id)).toEqual([pid(3), pid(2), pid(1)]);
      expect(past.json).toEqual([]);
    });

    it("filters by category slug and by search text", async () => {
      const tags = await call(productsRoute.GET, "/v2/products?category=luggage-tags");
      expect(tags.json.map((p: any) => p.id)).toEqual([14, 12, 10, 8, 6, 4, 2].map(pid));
      const byName = await call(productsRoute.GET, "/v2/products?q=ocean");
      expect(byName.json.map((p: any) => p.id)).toEqual([pid(3)]);
      const byDescription = await call(productsRoute.GET, "/v2/products?q=TRAVELLERS");
      expect(byDescription.json.map((p: any) => p.id)).toEqual([pid(5)]);
      const byTag = await call(productsRoute.GET, "/v2/products?q=wanderlust");
      expect(byTag.json.map((p: any) => p.id)).toEqual([pid(7)]);
      // Wildcards are taken literally.
      const percent = await call(productsRoute.GET, "/v2/products?q=50%25");
      expect(percent.json.map((p: any) => p.id)).toEqual([pid(3)]);
      const underscore = await call(productsRoute.GET, "/v2/products?q=_");
      expect(underscore.json).toEqual([]);
      const both = await call(productsRoute.GET, "/v2/products?category=frames&q=gift");
      expect(both.json.map((p: any) => p.id)).toEqual([pid(1)]);
      const none = await call(productsRoute.GET, "/v2/products?category=no-such-thing");
      expect(none.status).toBe(200);
      expect(none.json).toEqual([]);
    });

    it("refuses inactive or all products without an admin: 401 anonymous, 403 customer", async () => {
      const anonymous = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=all");
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error).toEqual(expect.any(String));
      const inactive = await call(productsRoute.GET, "/v2/products?status=inactive");
      expect(inactive.status).toBe(401);
      const customer = await call(productsRoute.GET, "/v2/products?status=all", {
        token: shopper.token,
      });
      expect(customer.status).toBe(403);
      const badToken = await call(productsRoute.GET, "/v2/products?status=all", {
        token: "forged",
      });
      expect(badToken.status).toBe(401);
    });

    it("gives an admin every product with the cost price, never cached publicly", async () => {
      const res = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=all", {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(ACTIVE + 1);
      expect(res.json[0]).toMatchObject({
        id: pid(ACTIVE + 1),
        status: "inactive",
        costPrice: 400,
      });
      expect(res.headers.get("cache-control")).toContain("no-store");
      const inactive = await call(productsRoute.GET, "/v2/products?status=inactive", {
        token: owner.token,
      });
      expect(inactive.json.map((p: any) => p.id)).toEqual([pid(ACTIVE + 1)]);
    });

    it("ignores a broken token on the public list", async () => {
      const res = await call(productsRoute.GET, "/v2/products", { token: "forged" });
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(ACTIVE);
    });

    it.each([
      ["limit=-1", "limit"],
      ["limit=abc", "limit"],
      ["limit=1.5", "limit"],
      ["limit=100000", "limit"],
      ["offset=-3", "offset"],
      ["status=deleted", "status"],
      [`q=${"x".repeat(201)}`, "q"],
    ])("answers 400 with a message for %s and writes nothing", async (query, field) => {
      const before = await rowCounts(t);
      const res = await call(productsRoute.GET, `/v2/products?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toContain(field);
      expect(await rowCounts(t)).toEqual(before);
    });

    it("answers 405 to other methods", async () => {
      const res = await call(productsRoute.ALL, "/v2/products", { method: "DELETE" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toContain("GET");
      expect(res.json.error).toEqual(expect.any(String));
    });
  });
});
